/**
 * The usage each provider reports, mapped to the engine's figures by its adapter (lib/providers/<provider>/usage.ts,
 * PROTOCOLS §5.1–5.3), and its difference from the prediction.
 */
import type { StepTokens } from "../engine/types";
import type { ProviderId } from "../core/ids";
import { providerAdapter } from "../providers";
import type { MeasuredUsage } from "../core";
import type { UsageDifference } from "./types";

type Json = Record<string, unknown>;

/** The usage of a complete provider response, or null when it carries none (some compatible servers). */
export function measuredUsageFrom(provider: ProviderId, response: Json): MeasuredUsage | null {
  return providerAdapter(provider).readUsage(response);
}

export function usageDifference(
  measured: MeasuredUsage,
  predicted: StepTokens,
  measuredUsd: number,
  predictedUsd: number,
): UsageDifference {
  return {
    input: measured.input - predicted.input,
    uncached: measured.uncached - predicted.uncached,
    cacheRead: measured.cacheRead - predicted.cacheRead,
    cacheWrite: measured.cacheWrite - predicted.cacheWrite,
    output: measured.output - predicted.output,
    costUsd: measuredUsd - predictedUsd,
  };
}
