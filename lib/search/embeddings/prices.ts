/**
 * What embedding costs, per million input tokens, where a provider publishes it. A model not listed (a local
 * server, a gateway's own name) has no known price: the cost is shown as unknown unless the person sets one.
 */
export type EmbeddingPrice = { usdPerMillionTokens: number; source: string; checked: string };

export const EMBEDDING_PRICES: Readonly<Record<string, EmbeddingPrice>> = {
  "text-embedding-3-small": {
    usdPerMillionTokens: 0.02,
    source: "https://developers.openai.com/api/docs/models/text-embedding-3-small",
    checked: "2026-12-03",
  },
  "text-embedding-3-large": {
    usdPerMillionTokens: 0.13,
    source: "https://developers.openai.com/api/docs/models/text-embedding-3-large",
    checked: "2026-12-03",
  },
  "text-embedding-ada-002": {
    usdPerMillionTokens: 0.1,
    source: "https://developers.openai.com/api/docs/models/text-embedding-ada-002",
    checked: "2026-12-03",
  },
};

/**
 * The cost of `tokens` embedded with `model`: the person's own price when set, else the published one, else
 * undefined (unknown, never a silent zero).
 */
export function embeddingCostUsd(
  model: string,
  tokens: number | undefined,
  usdPerMillionTokens?: number,
): number | undefined {
  if (tokens === undefined) return undefined;
  const price = usdPerMillionTokens ?? EMBEDDING_PRICES[model]?.usdPerMillionTokens;
  return price === undefined ? undefined : (tokens * price) / 1_000_000;
}
