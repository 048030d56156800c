/**
 * The wire names a scenario's tools get on one model (settings `toolNameMapping: "wire"`): the names that model's
 * name rule refuses, mapped as MCP clients map them. The engine sends these, and the catalog panel says so with the
 * same mapping.
 */
import type { WireName } from "../core/catalog";
import { wireNameMapping } from "../catalog/wire-names";
import type { LimitOverrides } from "../scenario/limit-overrides";
import { modelLimits } from "./model-limits";
import type { ModelInfo } from "./types";

export function wireNamesOnModel(
  names: readonly string[],
  model: ModelInfo,
  limitOverrides?: LimitOverrides,
): WireName[] {
  return wireNameMapping(names, modelLimits(model, limitOverrides).toolNamePattern.value);
}
