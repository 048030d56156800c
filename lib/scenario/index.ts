/** Public API of scenarios: the shareable unit of catalog, conversation and settings. */
export * from "./types";
export { DEFAULT_SETTINGS, OPTIONAL_SETTINGS_KEYS, SETTINGS_KEYS } from "./default-settings";
export { type ScenarioDraft, createScenario, slugify } from "./create-scenario";
export { parseScenarioText, parseScenarioValue } from "./parse-scenario";
export { serializeScenario } from "./serialize-scenario";
export { checkScenario } from "./scenario-checks";
export { MIGRATIONS, type Migration, migrateScenario } from "./migrations";
export { SCENARIO_JSON_SCHEMA, SCENARIO_SCHEMA_ID } from "./scenario-schema";
