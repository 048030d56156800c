export { ASSUMPTIONS } from "./assumptions";
export { ANTHROPIC_CACHE_TTL_SECONDS, cacheRulesFor, writePriceTier } from "./cache-rules";
export { PRICE_TABLE_NOTE, computeCost, storageCost } from "./cost";
export type { BilledTokens, CostOptions } from "./cost";
export { MODELS, defaultModel, getModel } from "./model-table";
export type { Assumption, Confidence, Currency, ModelCapabilities, ModelInfo, PriceTable, Sourced } from "./types";
