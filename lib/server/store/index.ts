export { DATABASE_URL_ENV, getStore, openStore, storeOptionsFromEnv } from "./open-store";
export type * from "./types";
