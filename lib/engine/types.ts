// The run vocabulary lives in lib/core (the bottom layer); re-exported here for the engine's callers.
export type * from "../core/wire";
export type * from "../core/run";
