/**
 * Plain-words definitions for the terms the panels use, for `<Term>` tooltips. Each fits in a tooltip (two
 * sentences at most) and assumes no knowledge of the design documents. The help dialog lists them all as the glossary.
 */
export type TermId =
  | "prefix"
  | "cache-breakpoint"
  | "defer-loading"
  | "tool-reference"
  | "ttl"
  | "cache-write"
  | "cache-read"
  | "lookback"
  | "namespace"
  | "stub"
  | "gateway"
  | "closed-form"
  | "token-estimate"
  | "three-goals"
  | "recall-at-k"
  | "mrr";

export type GlossaryEntry = {
  id: TermId;
  /** The term as it is usually written; code terms keep their code spelling. */
  term: string;
  /** Shown in monospace when true. */
  code: boolean;
  definition: string;
};

function entry(id: TermId, term: string, definition: string, code = false): GlossaryEntry {
  return { id, term, code, definition };
}

export const GLOSSARY: Record<TermId, GlossaryEntry> = {
  prefix: entry(
    "prefix",
    "prefix",
    "The start of the prompt, in the provider's order: tools, then system, then messages. The cache can only reuse a prefix that is byte-for-byte the same as before, so a change near the front throws away everything after it.",
  ),
  "cache-breakpoint": entry(
    "cache-breakpoint",
    "cache breakpoint",
    "A marker that says “cache the prompt up to here”. Anthropic takes up to 4 explicit `cache_control` markers, or places one automatically; a later request can only read a cached prefix that ends at one.",
  ),
  "defer-loading": entry(
    "defer-loading",
    "defer_loading",
    "An Anthropic tool flag: the definition is sent in the request but kept out of the model's prompt until a tool search finds it. Deferred tools cost no prompt tokens and do not touch the cached prefix.",
    true,
  ),
  "tool-reference": entry(
    "tool-reference",
    "tool_reference",
    "What Anthropic's tool search returns: a pointer to a deferred tool. The provider expands it into the full definition inline, at the end of the conversation, so the prefix stays the same.",
    true,
  ),
  ttl: entry(
    "ttl",
    "TTL",
    "Time to live: how long a cache entry survives without being read (Anthropic: 5 minutes by default, 1 hour at a higher write price). Each read resets the clock; after it runs out, the next request writes everything again.",
  ),
  "cache-write": entry(
    "cache-write",
    "cache write",
    "Storing a prefix in the cache. It costs more than plain input (Anthropic: 1.25× for 5 minutes, 2× for 1 hour), paid once so later requests can read it cheaply.",
  ),
  "cache-read": entry(
    "cache-read",
    "cache read",
    "Reusing a stored prefix instead of processing it again. It is much cheaper than plain input (Anthropic: a tenth of the input price; OpenAI and Moonshot: a discount that depends on the model).",
  ),
  lookback: entry(
    "lookback",
    "lookback",
    "How far back from a breakpoint the provider looks for an earlier cached prefix (Anthropic: 20 blocks). A conversation that grows by more than that between breakpoints misses the cache.",
  ),
  namespace: entry(
    "namespace",
    "namespace",
    "An OpenAI grouping of related functions under one name with a short description. Tool search can load a whole namespace at once, and the model sees only the namespace's summary until then.",
  ),
  stub: entry(
    "stub",
    "stub",
    "A one-line stand-in for a tool: its name and a short description with a loose `arguments` object. The model sees every stub, then asks for the full schema of the ones it needs.",
  ),
  gateway: entry(
    "gateway",
    "gateway",
    "Two constant tools, `search_tools` and `invoke_tool`, in front of the whole catalog. The tool list never changes, but the model calls every real tool indirectly, so its arguments are checked on the client, not by the provider.",
  ),
  "closed-form": entry(
    "closed-form",
    "closed form",
    "A quick formula for the cost of a session, from average token counts per request, instead of simulating every request. It is shown beside the engine's result as a check, and it fills the heat map, where simulating every cell would be too slow.",
  ),
  "token-estimate": entry(
    "token-estimate",
    "o200k × 1.2 (estimated tokens)",
    "Claude's and Kimi's tokenizers are not public, so their token counts are estimates: the count of OpenAI's public o200k tokenizer times a correction factor (1.2 for Claude and 1.0 for Kimi by default, both settings). OpenAI models are counted exactly.",
  ),
  "three-goals": entry(
    "three-goals",
    "the three goals",
    "What an ideal way of offering many tools achieves: the first request does not carry every tool (neither in full nor as stubs), the tool list at the front never changes so the cache survives, and every tool is called natively under its own strict schema. Without help from the provider, each client-side strategy gives up one of them.",
  ),
  "recall-at-k": entry(
    "recall-at-k",
    "recall@k (R@k)",
    "The share of test queries whose right tool is among a search's first k results. R@1 counts only the top hit; R@5 the first five, what a model sees from a search that returns five tools.",
  ),
  mrr: entry(
    "mrr",
    "MRR (mean reciprocal rank)",
    "How high the right tool ranks, averaged over the test queries: a query scores 1 when the right tool comes first, ½ when second, ⅓ when third, and 0 when it is not found. Higher is better; 1 means always first.",
  ),
};

export const TERM_IDS = Object.keys(GLOSSARY) as TermId[];
