/**
 * A conversation written for any catalog: when a person brings their own tools, the example's turns call tools
 * they do not have, and a run of them only fails. Each generated turn asks for one tool, in words drawn from the
 * tool's own description (any language; its name's words when it has none), with arguments sampled from its
 * schema, and with the search query and regex a model would write to find it. Deterministic: the same catalog
 * gives the same turns.
 */
import { isRecord } from "../catalog/catalog-format";
import { oneLineDescription } from "../catalog/describe-tool";
import { sampleArguments } from "../catalog/sample-arguments";
import type { Catalog, CatalogTool } from "../core/catalog";
import type { ScenarioTurn } from "./types";

/**
 * The part of a tool search the generator needs (lib/search's searchers have this shape; this layer cannot import
 * them): given a query, the names it returns, best first.
 */
export type TurnSearcher = {
  search(input: string, limit?: number): { ok: true; hits: Array<{ name: string }> } | { ok: false };
};

/**
 * Whether sampled arguments pass the tool's schema: `argumentsPassSchema` of lib/catalog/argument-validation.ts.
 * Passed in rather than imported so the page's first load does not carry Ajv: it loads the check only when an import
 * needs a conversation written (components/import/apply-catalog-import.ts).
 */
export type ArgumentsCheck = (tool: CatalogTool, args: Record<string, unknown>) => boolean;

export type CatalogConversationOptions = {
  /** A sample the schema refuses (a pattern or keyword the sampler does not meet) would script a failing call. */
  argumentsValid: ArgumentsCheck;
  /** How many turns (default 5), each asking for a different tool; fewer when the catalog has fewer tools. */
  turns?: number;
  /**
   * The client-side search the discovery strategies use: each turn's query must return its tool within
   * `resultLimit`, or another query is tried, or another tool is picked. Without it the most specific query is
   * used (the tool's own name words lead it), which the tests check finds its tool in every catalog shape.
   */
  searcher?: TurnSearcher;
  /** The Anthropic regex search, to check each turn's pattern the same way. */
  regexSearcher?: TurnSearcher;
  /** How many results a search returns (the scenario's `searchResultLimit`, default 5). */
  resultLimit?: number;
};

export const DEFAULT_GENERATED_TURNS = 5;
/** Golden-ratio stride: consecutive candidates land far apart, so the picks spread over the whole catalog. */
const GOLDEN_FRACTION = 0.6180339887;
/** Candidates checked against the search at most: bounds the work at 10,000 tools. */
const MAX_CANDIDATES = 60;
/** Words of a description kept in a query: a model's search is a few words, not a paragraph. */
const QUERY_WORDS = 8;

/** The names of the tools `turns` call that `catalog` lacks, each once, in the order the turns call them. */
export function missingConversationTools(
  turns: readonly Pick<ScenarioTurn, "needs">[],
  tools: readonly Pick<CatalogTool, "name">[],
): string[] {
  const names = new Set(tools.map((tool) => tool.name));
  return [...new Set(turns.flatMap((turn) => turn.needs.map((need) => need.tool)))].filter((name) => !names.has(name));
}

/**
 * The words of a tool name in any convention: `github__create_issue`, `createIssue`, `files.read-text`,
 * `HTTPRequest`, `v2/list` → lower-case words.
 */
export function nameWords(name: string): string[] {
  return name
    .split(/[^\p{L}\p{N}]+|(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u)
    .map((word) => word.toLowerCase())
    .filter((word) => word !== "");
}

/** Text written mostly in a script without spaces between words (Chinese, Japanese): sentences are not reworded. */
function isUnspacedScript(text: string): boolean {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const ideographs = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0;
  return letters > 0 && ideographs / letters > 0.3;
}

/** English words that end in "s" but are no third-person verb: "This tool…", "Status of…". */
const NOT_VERBS = new Set([
  "this",
  "is",
  "was",
  "has",
  "does",
  "its",
  "his",
  "us",
  "as",
  "thus",
  "plus",
  "always",
  "status",
]);
/**
 * First words that start no request ("When you receive a dispute, …", "The current time", "A list of…"): the
 * request is then made of the tool's name instead.
 */
const NO_REQUEST_STARTERS = new Set([
  "a",
  "an",
  "the",
  "this",
  "that",
  "these",
  "those",
  "when",
  "if",
  "for",
  "in",
  "on",
  "with",
  "it",
  "you",
  "your",
  "my",
  "our",
  "note",
  "deprecated",
  "internal",
]);
/**
 * Nouns an API summary opens with in place of a verb ("Info for a specific pet", "Status of an order", "Details of
 * a user"): the request asks to get that ("get info for a specific pet").
 */
const NOUN_PHRASE_STARTERS = new Set([
  "info",
  "information",
  "details",
  "detail",
  "status",
  "summary",
  "overview",
  "metadata",
  "statistics",
  "stats",
]);
/** What catalogs put before the action: "This tool will create…", "Use this tool to list…", "Tool to get…". */
const TOOL_PREAMBLE =
  /^(?:(?:this|the) (?:tool|function|endpoint|api|method|action)(?: will| can| is used to| lets you| allows you to| is for| to)?|use this (?:tool |function )?to|used to|allows you to|lets you|(?:a )?(?:tool|function) (?:to|that|which))\s+/i;

/** The sentence without a label before " | " ("Notion | Retrieve a user") and without a tool preamble. */
function cleanSentence(sentence: string): string {
  const labelled = sentence.split(" | ");
  const last = labelled.at(-1)!;
  const text = labelled.length > 1 && /\p{L}/u.test(last) ? last : sentence;
  const stripped = text.replace(TOOL_PREAMBLE, "");
  return stripped === "" ? text : stripped;
}

/**
 * "Lists overdue invoices." → "list overdue invoices"; "Get the weather" → "get the weather". An English third-person
 * verb becomes the imperative; a sentence in another language is kept as written; null when an English sentence
 * does not start with an action (a noun phrase, a condition).
 */
function requestedAction(sentence: string): string | null {
  const trimmed = cleanSentence(sentence)
    .replace(/[.。!！?？:：;；]+$/u, "")
    .trim();
  const [first, ...rest] = trimmed.split(/\s+/);
  if (!first || !/^[A-Z]?[a-z]+$/.test(first)) return trimmed || null;
  let verb = first.toLowerCase();
  if (NO_REQUEST_STARTERS.has(verb)) return null;
  if (NOUN_PHRASE_STARTERS.has(verb)) return ["get", verb, ...rest].join(" ");
  if (/[^s]s$/.test(verb) && verb.length > 3 && !NOT_VERBS.has(verb)) {
    verb = /(ch|sh|ss|x|zz)es$/.test(verb)
      ? verb.slice(0, -2)
      : /[^aeiou]ies$/.test(verb)
        ? `${verb.slice(0, -3)}y`
        : verb.slice(0, -1);
  }
  return [verb, ...rest].join(" ");
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(describeValue).join(", ");
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  return String(value);
}

/** The tool's first sentence, or null when it has no description worth quoting. */
function firstSentence(tool: CatalogTool): string | null {
  const sentence = oneLineDescription(tool, 160).replace(/…$/, "").trim();
  return /\p{L}/u.test(sentence) ? sentence : null;
}

/**
 * How a request in Chinese or Japanese names an argument: the property's own description when it is a short phrase
 * in that script ("出发站" for `from_station`), else the name's words, so the request is not English words in a
 * Chinese sentence wherever the schema says better.
 */
function unspacedArgumentLabel(tool: CatalogTool, name: string): string {
  const properties = isRecord(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
  const property = properties[name];
  const described = isRecord(property) && typeof property.description === "string" ? property.description : "";
  const phrase = described.split(/[，,。.；;：:（(、\n]/u)[0].trim();
  if (phrase !== "" && phrase.length <= 12 && isUnspacedScript(phrase)) return phrase;
  return nameWords(name).join(" ") || name;
}

/** Verbs a tool name opens with (`get_http_status`, `listPets`, an OpenAPI operation's `get_pets_petId`). */
const NAME_VERBS = new Set([
  "get",
  "list",
  "create",
  "update",
  "delete",
  "search",
  "find",
  "send",
  "add",
  "remove",
  "set",
  "fetch",
  "read",
  "write",
  "run",
  "start",
  "stop",
  "cancel",
  "upload",
  "download",
  "query",
  "check",
  "post",
  "put",
  "patch",
]);

/**
 * The request made of the tool's name when its description gives none: the name's words as the action when they
 * open with a verb ("get http status"), else "use" and the words. Words that name an argument the request states
 * anyway are left out of the action (`get_stores_storeId_orders` with its store id: "get stores orders").
 */
function actionFromName(name: string, argumentNames: readonly string[]): string {
  const words = nameWords(name);
  if (words.length < 2 || !NAME_VERBS.has(words[0])) return `use ${words.join(" ") || name}`;
  let kept = words;
  for (const argumentName of argumentNames) {
    const named = nameWords(argumentName);
    if (named.length === 0) continue;
    const at = kept.findIndex((_, index) => index > 0 && named.every((word, offset) => kept[index + offset] === word));
    if (at > 0 && kept.length - named.length >= 2) kept = [...kept.slice(0, at), ...kept.slice(at + named.length)];
  }
  return kept.join(" ");
}

/** The user's request for `tool`, with the arguments it will be called with. */
function userRequest(tool: CatalogTool, args: Record<string, unknown>): string {
  const sentence = firstSentence(tool);
  const shown = Object.entries(args).slice(0, 3);
  if (sentence && isUnspacedScript(sentence)) {
    // Japanese lists with 、 where Chinese uses ，.
    const comma = /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(sentence) ? "、" : "，";
    const list = shown
      .map(([name, value]) => `${unspacedArgumentLabel(tool, name)}：${describeValue(value)}`)
      .join(comma);
    return `${requestedAction(sentence) ?? sentence}${list ? `（${list}）` : ""}。`;
  }
  const details = shown.map(([name, value]) => [nameWords(name).join(" ") || name, describeValue(value)] as const);
  const action =
    (sentence && requestedAction(sentence)) ||
    actionFromName(
      tool.name,
      shown.map(([name]) => name),
    );
  const parts = details.map(([name, value]) => `${name} ${value}`);
  const withDetails =
    parts.length === 0
      ? ""
      : ` with ${parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`}`;
  return `Please ${action}${withDetails}.`;
}

/**
 * The queries a model might write for `tool`, most specific first: its namespace and name words with the first words
 * of its description (what finds a tool among near-namesakes, e.g. one server's tools served for several tenants);
 * the name words alone; the description's words alone.
 */
function candidateQueries(tool: CatalogTool): string[] {
  const sentence = firstSentence(tool);
  const described = sentence
    ? (requestedAction(sentence) ?? cleanSentence(sentence))
        .replace(/[,;:()"'`|]+/g, " ")
        .split(/\s+/)
        .filter((word) => /\p{L}|\p{N}/u.test(word))
        .slice(0, QUERY_WORDS)
        .join(" ")
    : "";
  const named = [...new Set([...(tool.namespace ? nameWords(tool.namespace) : []), ...nameWords(tool.name)])];
  const leading = described
    .toLowerCase()
    .split(" ")
    .filter((word) => !QUERY_FILLERS.has(word))
    .slice(0, 3);
  const combined = [...new Set([...named, ...leading])].join(" ").trim();
  return [...new Set([combined, named.join(" "), described].filter((query) => query !== ""))];
}

/** Words a model leaves out of a search query. */
const QUERY_FILLERS = new Set([
  "a",
  "an",
  "the",
  "in",
  "on",
  "of",
  "to",
  "for",
  "or",
  "and",
  "with",
  "from",
  "by",
  "as",
  "at",
  "is",
  "be",
  "it",
  "its",
]);

const REGEX_METACHARACTERS = /[\\^$.|?*+()[\]{}]/g;

/**
 * Patterns a model might write for the regex search: the exact name (a model that read it in a listing), then the
 * name words in order. Anthropic's regex search ignores case, so `create.*issue` also matches `createIssue`.
 */
function candidatePatterns(tool: CatalogTool): string[] {
  const words = nameWords(tool.name).map((word) => word.replace(REGEX_METACHARACTERS, "\\$&"));
  const exact = `^${tool.name.replace(REGEX_METACHARACTERS, "\\$&")}$`;
  return [...new Set([exact, words.join(".*")].filter((pattern) => pattern !== "" && pattern.length <= 200))];
}

function finds(searcher: TurnSearcher | undefined, input: string, tool: CatalogTool, limit: number): boolean {
  if (!searcher) return true;
  const outcome = searcher.search(input, limit);
  return outcome.ok && outcome.hits.some((hit) => hit.name === tool.name);
}

/** Indices 0..length-1 in a spread-out order that starts near the front. */
function spreadOrder(length: number, count: number): number[] {
  const order: number[] = [];
  const seen = new Set<number>();
  for (let step = 0; order.length < Math.min(length, count) && step < count * 4; step++) {
    const index = Math.floor(((step * GOLDEN_FRACTION) % 1) * length);
    if (!seen.has(index)) {
      seen.add(index);
      order.push(index);
    }
  }
  return order;
}

/**
 * What groups a tool with its neighbours: its namespace; or the prefix its name carries one in (`acme__github__` of
 * `acme__github__create_issue`, the `server__` of a merged import); or its name's first word.
 */
function groupOf(tool: CatalogTool): string {
  if (tool.namespace) return tool.namespace;
  const prefixEnd = tool.name.lastIndexOf("__");
  if (prefixEnd > 0) return tool.name.slice(0, prefixEnd);
  return nameWords(tool.name)[0] ?? tool.name;
}

/** One turn for `tool`, or null when no query (or pattern) the searchers were given finds it. */
export function turnForTool(
  tool: CatalogTool,
  options: Pick<CatalogConversationOptions, "searcher" | "regexSearcher" | "resultLimit" | "argumentsValid">,
): ScenarioTurn | null {
  const limit = options.resultLimit ?? 5;
  const queries = candidateQueries(tool);
  const query = queries.find((candidate) => finds(options.searcher, candidate, tool, limit));
  if (query === undefined) return null;
  const pattern = candidatePatterns(tool).find((candidate) => finds(options.regexSearcher, candidate, tool, limit));
  if (pattern === undefined) return null;
  const args = sampleArguments(tool.inputSchema);
  if (!options.argumentsValid(tool, args)) return null;
  return {
    user: userRequest(tool, args),
    searchQuery: query,
    searchPattern: pattern,
    needs: [{ tool: tool.name, arguments: args }],
  };
}

/**
 * Turns over `catalog`'s own tools: each a different tool, from different namespaces (or name prefixes) where the
 * catalog has several, spread over the catalog. Tools whose schema does not compile are never picked.
 */
export function conversationForCatalog(catalog: Catalog, options: CatalogConversationOptions): ScenarioTurn[] {
  const tools = catalog.tools.filter((tool) => tool.schemaError === undefined);
  const wanted = Math.min(options.turns ?? DEFAULT_GENERATED_TURNS, tools.length);
  const picked: ScenarioTurn[] = [];
  const usedGroups = new Set<string>();
  const leftOver: CatalogTool[] = [];
  for (const index of spreadOrder(tools.length, Math.min(tools.length, MAX_CANDIDATES))) {
    if (picked.length >= wanted) break;
    const tool = tools[index];
    if (usedGroups.has(groupOf(tool))) {
      leftOver.push(tool);
      continue;
    }
    const turn = turnForTool(tool, options);
    if (!turn) continue;
    usedGroups.add(groupOf(tool));
    picked.push(turn);
  }
  // A catalog of one namespace: the tools from groups already used fill the rest.
  for (const tool of leftOver) {
    if (picked.length >= wanted) break;
    const turn = turnForTool(tool, options);
    if (turn) picked.push(turn);
  }
  // Nothing found by search at all (a catalog of near-identical tools): a conversation that runs beats none.
  if (picked.length === 0 && tools.length > 0) {
    const fallback =
      tools
        .slice(0, MAX_CANDIDATES)
        .reduce<ScenarioTurn | null>(
          (found, tool) => found ?? turnForTool(tool, { argumentsValid: options.argumentsValid }),
          null,
        ) ?? turnForTool(tools[0], { argumentsValid: () => true });
    if (fallback) picked.push(fallback);
  }
  return picked;
}

export type FittedConversation = { turns: readonly ScenarioTurn[]; missing: string[]; replaced: boolean };

/**
 * The conversation a catalog gets when it takes the place of another: the same turns when the catalog has every tool
 * they call; otherwise turns written over its own tools (`replaced`), unless none can be written, when the turns stay
 * and `missing` names what they call in vain. The page applies it on import
 * (components/import/apply-catalog-import.ts) over the same turns the engine worker fits when it parses an import
 * and runs right away (`turnsAsImported`, lib/workbench/engine-messages.ts): one rule, one conversation.
 */
export function fittedConversation(
  turns: readonly ScenarioTurn[],
  catalog: Catalog,
  options: CatalogConversationOptions,
): FittedConversation {
  const missing = missingConversationTools(turns, catalog.tools);
  if (missing.length === 0) return { turns, missing, replaced: false };
  const generated = conversationForCatalog(catalog, options);
  return generated.length === 0 ? { turns, missing, replaced: false } : { turns: generated, missing, replaced: true };
}
