/**
 * The tap's SQLite store lives with the other stores (lib/server/store) so both store implementations sit in one
 * layer; the tap's modules and CLIs keep importing it from here.
 */
export * from "../server/store/sqlite-tap-store";
