import type { MeasuredUsage } from "../core";

/**
 * What a provider's usage reader shares (PROTOCOLS §5.1–5.3): OpenAI-style formats report cached (and written)
 * tokens as subsets of the input, Anthropic its parts side by side.
 */
export type Json = Record<string, unknown>;

export function record(value: unknown): Json | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined;
}

export function count(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}

/** Input with cached (and written) subsets: OpenAI Responses, Chat Completions, Moonshot. */
export function fromSubsets(
  input: number,
  cacheRead: number,
  cacheWrite: number,
  output: number,
  reasoning: number,
): MeasuredUsage {
  const read = Math.min(cacheRead, input);
  const write = Math.min(cacheWrite, input - read);
  return {
    input,
    uncached: input - read - write,
    cacheRead: read,
    cacheWrite: write,
    output,
    ...(reasoning ? { reasoning } : {}),
  };
}
