export { createEngine, type Engine, type RunOptions } from "./engine";
export { summarise } from "./totals";
export type * from "./types";
export type * from "./transcript";
