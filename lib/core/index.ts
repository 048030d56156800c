/**
 * The vocabulary every other lib/ folder speaks: ids, catalog tools, the provider-neutral transcript, the wire
 * request and its segments, steps and runs, cache rules. The bottom layer: it imports nothing of ours.
 */
export * from "./ids";
export type * from "./catalog";
export type * from "./cache-rules";
export type * from "./wire";
export type * from "./transcript";
export type * from "./run";
export type * from "./run-summary";
export type * from "./recorded-body";
export type * from "./live-reply";
export type * from "./third-party";
