/**
 * Starter queries for a tool, built from its own description and arguments: the description's verb and object,
 * said another way, with an argument or an example value. They give a new query set something to measure at once.
 * They are optimistic by construction (made from the words search will find), so the UI labels them as
 * suggestions to replace with what users really type. A suggestion is never just the tool's name: each one has a
 * content word the name does not.
 */
import { oneLineDescription } from "../catalog/describe-tool";
import type { CatalogTool } from "../core/catalog";
import { ANTHROPIC_BM25_MAX_QUERY_CHARACTERS } from "../search/limits";
import { extractSearchFields } from "../search/tool-fields";
import { splitWords, tokenize, type TokenizeOptions } from "../search/tokenize";

const CONTENT_TERMS: TokenizeOptions = { splitIdentifiers: true, stopWords: true, stemming: true };

/** Verbs tool descriptions start with, and a paraphrase a user might say instead. */
const VERB_PARAPHRASES: Record<string, string> = {
  add: "put",
  append: "add",
  assign: "give",
  calculate: "work out",
  cancel: "stop",
  capture: "grab",
  check: "verify",
  clear: "wipe",
  click: "press",
  close: "shut",
  compress: "zip",
  convert: "turn",
  create: "make",
  delete: "remove",
  dismiss: "clear",
  download: "save",
  drag: "move",
  echo: "repeat",
  edit: "change",
  evaluate: "run",
  execute: "run",
  fetch: "download",
  fill: "enter",
  find: "look for",
  fork: "copy",
  generate: "make",
  get: "look up",
  hover: "point at",
  list: "show all",
  load: "open",
  mark: "flag",
  merge: "combine",
  move: "relocate",
  navigate: "go",
  open: "show",
  perform: "do",
  post: "send",
  press: "hit",
  push: "upload",
  query: "look up",
  read: "open",
  record: "save",
  remove: "delete",
  rename: "change the name of",
  reply: "answer",
  request: "ask for",
  reset: "undo",
  resize: "change the size of",
  resolve: "close",
  restore: "bring back",
  retrieve: "fetch",
  run: "execute",
  save: "store",
  scroll: "move",
  search: "find",
  select: "choose",
  send: "post",
  set: "change",
  show: "display",
  star: "favourite",
  start: "begin",
  stop: "end",
  submit: "send",
  switch: "change",
  take: "capture",
  toggle: "turn on or off",
  trigger: "start",
  type: "enter",
  unstage: "undo staging of",
  update: "change",
  upload: "send",
  verify: "check",
  wait: "pause",
  write: "save",
};

/** Words that end the object of the verb: the start of a modifier or a second clause. */
const OBJECT_END = new Set([
  "in",
  "on",
  "from",
  "to",
  "for",
  "with",
  "by",
  "using",
  "via",
  "into",
  "at",
  "as",
  "and",
  "or",
  "that",
  "which",
  "when",
  "if",
  "so",
  "based",
  "within",
  "across",
  "between",
  "after",
  "before",
  "including",
  "without",
  "through",
  "ideal",
  "useful",
  "best",
  "perfect",
]);
/** Prepositions that may open the modifier kept after the object ("in a GitHub repository"). */
const MODIFIER_START = new Set([
  "in",
  "on",
  "from",
  "to",
  "for",
  "with",
  "by",
  "into",
  "at",
  "between",
  "across",
  "within",
]);
const DETERMINERS = new Set([
  "a",
  "an",
  "the",
  "all",
  "one",
  "your",
  "its",
  "their",
  "this",
  "any",
  "some",
  "multiple",
  "specific",
]);
/** Words a phrase should not end on ("the state of an existing"). */
const DANGLING = new Set([
  ...DETERMINERS,
  "of",
  "and",
  "or",
  "to",
  "for",
  "in",
  "on",
  "by",
  "with",
  "existing",
  "new",
  "current",
  "that",
  "is",
]);
/** Openings that say nothing about what the tool does. */
const BOILERPLATE = [
  /^[^|]{1,30}\|\s*/u, // "Notion | Retrieve a user"
  /^(?:this|the|a)\s+tool\s+(?:will|can|is used to|lets you|allows you to)\s+/iu,
  /^(?:use\s+this(?:\s+tool)?|tools?)\s+(?:to|for)\s+/iu,
  /^(?:an?\s+)?(?:\p{L}+\s+)?tool\s+(?:for|to|that)\s+/iu,
  /^(?:allows?|lets?|helps?|enables?)\s+(?:you\s+|the\s+user\s+)?(?:to\s+)?/iu,
  /^(?:used|can be used)\s+to\s+/iu,
];
/** Openings that are not verbs: the sentence then names a thing, and the verb comes from the tool's name. */
const NOT_VERBS = new Set(["a", "an", "the", "this", "these", "tools", "fast", "simple", "detailed"]);
/** Argument names that say little about the task; a suggestion uses a more telling one when there is one. */
const GENERIC_PARAMETERS = new Set([
  "owner",
  "repo",
  "method",
  "page",
  "per page",
  "cursor",
  "after",
  "before",
  "direction",
  "sort",
  "order",
  "limit",
  "offset",
  "format",
  "type",
  "static",
  "id",
  "raw",
  "verbose",
  "max count",
]);
const MAX_OBJECT_WORDS = 6;
const MAX_MODIFIER_WORDS = 5;

/** `Shows` → `show`, `Retrieves` → `retrieve`, `Searches` → `search`, `listing` → `list`, `Echoes` → `echo`. */
export function baseVerb(word: string): string {
  const lower = word.toLowerCase();
  if (VERB_PARAPHRASES[lower] !== undefined) return lower;
  const candidates = [
    lower.endsWith("ies") ? `${lower.slice(0, -3)}y` : undefined,
    /(?:ch|sh|ss|x|z|o)es$/u.test(lower) ? lower.slice(0, -2) : undefined,
    lower.endsWith("ing") ? lower.slice(0, -3) : undefined,
    lower.endsWith("ing") ? `${lower.slice(0, -3)}e` : undefined,
    /(\p{L})\1ing$/u.test(lower) ? lower.slice(0, -4) : undefined,
    lower.endsWith("s") && !/(?:ss|us|is)$/u.test(lower) ? lower.slice(0, -1) : undefined,
  ].filter((candidate): candidate is string => candidate !== undefined);
  return candidates.find((candidate) => VERB_PARAPHRASES[candidate] !== undefined) ?? candidates.at(-1) ?? lower;
}

type Phrase = { verb: string | undefined; object: string; modifier: string };

function clean(word: string): string {
  return word.replace(/[,;:()"`]/gu, "");
}

function trimDangling(words: string[]): string[] {
  const trimmed = [...words];
  while (trimmed.length > 1 && DANGLING.has(trimmed[trimmed.length - 1].toLowerCase())) trimmed.pop();
  return trimmed;
}

/** The description's leading verb, its object ("the commit logs") and the first modifier ("in a GitHub repository"). */
export function verbAndObject(description: string): Phrase {
  let sentence = description.replace(/[.!?:;]+$/u, "").trim();
  for (const pattern of BOILERPLATE) sentence = sentence.replace(pattern, "");
  const words = sentence.split(/\s+/u).filter((word) => word !== "");
  const first = words[0]?.replace(/[^\p{L}-]/gu, "") ?? "";
  const isVerb = first !== "" && !NOT_VERBS.has(first.toLowerCase()) && /^\p{L}+$/u.test(first);
  let rest = isVerb ? words.slice(1) : words;
  // "Create or update a file": keep the first verb, skip the alternative one.
  if (isVerb && /^(?:or|and|and\/or)$/iu.test(rest[0] ?? "") && rest.length > 2) rest = rest.slice(2);
  const object: string[] = [];
  let index = 0;
  for (; index < rest.length && object.length < MAX_OBJECT_WORDS; index += 1) {
    const word = rest[index];
    if (object.length > 0 && OBJECT_END.has(clean(word).toLowerCase())) break;
    object.push(clean(word));
    if (/[,;:()]$/u.test(word)) {
      index = rest.length;
      break;
    }
  }
  const modifier: string[] = [];
  if (MODIFIER_START.has(clean(rest[index] ?? "").toLowerCase())) {
    for (let next = index; next < rest.length && modifier.length < MAX_MODIFIER_WORDS; next += 1) {
      if (modifier.length > 0 && OBJECT_END.has(clean(rest[next]).toLowerCase())) break;
      modifier.push(clean(rest[next]));
      if (/[,;:()]$/u.test(rest[next])) break;
    }
  }
  return {
    verb: isVerb ? baseVerb(first) : undefined,
    object: trimDangling(object).join(" ").trim(),
    modifier: modifier.length > 1 ? trimDangling(modifier).join(" ") : "",
  };
}

/** Particles a verb may carry ("search for commits", "fill out a field"): the paraphrase does without them. */
const PARTICLES = new Set(["for", "through", "over", "out", "up", "about", "on", "into"]);

function withoutDeterminer(object: string): string {
  const words = object.split(" ");
  while (words.length > 1 && (DETERMINERS.has(words[0].toLowerCase()) || PARTICLES.has(words[0].toLowerCase())))
    words.shift();
  return words.join(" ");
}

/** Argument names as words (`repo_path` → `repo path`): telling ones first, required before optional. */
function parameterPhrases(tool: CatalogTool): string[] {
  const required = Array.isArray(tool.inputSchema.required)
    ? tool.inputSchema.required.filter((name): name is string => typeof name === "string")
    : [];
  const names = [...new Set([...required, ...extractSearchFields(tool).parameterNames])];
  const phrases = names
    .map((name) => splitWords(name, true).join(" "))
    .filter((phrase) => tokenize(phrase, CONTENT_TERMS).some((term) => term.length > 1));
  return [
    ...phrases.filter((phrase) => !GENERIC_PARAMETERS.has(phrase)),
    ...phrases.filter((phrase) => GENERIC_PARAMETERS.has(phrase)),
  ];
}

/** Short string values from the tool's first input example (`"Paris"`), the most concrete words there are. */
function exampleValues(tool: CatalogTool): string[] {
  const example = tool.inputExamples?.[0];
  if (example === undefined) return [];
  return Object.values(example).filter(
    (value): value is string => typeof value === "string" && value.length > 1 && value.length <= 40,
  );
}

function lowerFirst(text: string): string {
  return text.length > 0 && /^\p{Lu}\p{Ll}/u.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}

/** True when the query says something the tool's name does not: at least one content word outside the name. */
export function saysMoreThanName(query: string, toolName: string): boolean {
  const nameTerms = new Set(tokenize(toolName.slice(toolName.lastIndexOf(":") + 1), CONTENT_TERMS));
  return tokenize(query, CONTENT_TERMS).some((term) => !nameTerms.has(term));
}

export type SuggestQueriesOptions = { maximum?: number };

/** Up to `maximum` (default 3) distinct starter queries for `tool`, most paraphrased first. */
export function suggestQueries(tool: CatalogTool, options: SuggestQueriesOptions = {}): string[] {
  const maximum = options.maximum ?? 3;
  const { verb, object, modifier } = verbAndObject(oneLineDescription(tool, ANTHROPIC_BM25_MAX_QUERY_CHARACTERS));
  const nameWords = splitWords(tool.name.slice(tool.name.lastIndexOf(":") + 1), true);
  const action = verb ?? nameWords[0] ?? "";
  const thing = withoutDeterminer(lowerFirst(object)) || nameWords.slice(verb === undefined ? 1 : 0).join(" ");
  const parameter = parameterPhrases(tool)[0];
  const value = exampleValues(tool)[0];
  const paraphrase = VERB_PARAPHRASES[action] ?? action;
  const detail = value !== undefined ? `for ${value}` : parameter !== undefined ? `by ${parameter}` : "";
  const candidates = [
    [paraphrase, thing, lowerFirst(modifier)],
    ["how do I", action, thing, value !== undefined ? detail : parameter !== undefined ? `given its ${parameter}` : ""],
    [paraphrase, thing, detail],
    [action, thing, lowerFirst(modifier)],
  ].map((parts) =>
    parts
      .filter((part) => part !== "")
      .join(" ")
      .replace(/\s+/gu, " ")
      .trim(),
  );
  const seen = new Set<string>();
  const queries: string[] = [];
  for (const candidate of candidates) {
    const key = candidate.toLowerCase();
    if (candidate === "" || seen.has(key) || !saysMoreThanName(candidate, tool.name)) continue;
    seen.add(key);
    queries.push(candidate);
    if (queries.length >= maximum) break;
  }
  return queries;
}

export type StarterQueryOptions = {
  /** Queries per tool (default 1). */
  perTool?: number;
  /** At most this many tools get queries, spread evenly over the catalog (default 60). */
  maxTools?: number;
};

/**
 * Starter queries for a catalog: for tools that no existing query expects, spread evenly over the catalog, the first
 * suggestion(s) of each. Each query expects its own tool.
 */
export function starterQueries(
  tools: readonly CatalogTool[],
  existing: ReadonlyArray<{ q: string; expect: readonly string[] }> = [],
  options: StarterQueryOptions = {},
): Array<{ q: string; expect: string[]; origin: "suggested" }> {
  const perTool = options.perTool ?? 1;
  const maxTools = options.maxTools ?? 60;
  const covered = new Set(existing.flatMap((query) => query.expect));
  const seen = new Set(existing.map((query) => query.q.toLowerCase()));
  const uncovered = tools.filter((tool) => !covered.has(tool.name));
  const step = Math.max(1, uncovered.length / maxTools);
  const chosen: CatalogTool[] = [];
  for (let position = 0; position < uncovered.length && chosen.length < maxTools; position += step)
    chosen.push(uncovered[Math.floor(position)]);
  return chosen.flatMap((tool) =>
    suggestQueries(tool, { maximum: perTool + 2 })
      .filter((q) => !seen.has(q.toLowerCase()) && (seen.add(q.toLowerCase()), true))
      .slice(0, perTool)
      .map((q) => ({ q, expect: [tool.name], origin: "suggested" as const })),
  );
}
