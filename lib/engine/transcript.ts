export type * from "../core/transcript";
