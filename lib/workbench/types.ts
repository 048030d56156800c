// What the UI holds of a run lives in lib/core (views read it too); re-exported for the worker protocol.
export type * from "../core/run-summary";
