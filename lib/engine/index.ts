export { createEngine, type Engine, type OpenedSession, type OpenOptions, type RunOptions } from "./engine";
export { summarise } from "./totals";
export type * from "./types";
export type * from "./transcript";
