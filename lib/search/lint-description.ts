/**
 * A linter for tool descriptions, for tool authors designing for searchability: every finding points at
 * something that makes a tool harder to find with BM25 or regex search, or harder for a model to choose.
 */
import { SERVER_PREFIX_SEPARATOR } from "../catalog/tool-names";
import type { CatalogTool } from "../core/catalog";
import { isUnspacedRun, splitWords, tokenize, type TokenizeOptions } from "./tokenize";
import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/translator";

export type DescriptionFindingCode =
  | "description-too-short"
  | "description-too-long"
  | "parameter-without-description"
  | "name-word-missing"
  | "vague-verb"
  | "near-duplicate-description";

/** What a finding found, as values: the words of its message and suggestion are made from these in any language. */
export type FindingFacts =
  | { kind: "no-description" }
  | { kind: "length"; bound: "under" | "over"; limit: number; characters: number; unspaced: number; weighted: number }
  | { kind: "parameters"; names: string[] }
  | { kind: "name-words"; words: string[] }
  | { kind: "vague-verbs"; verbs: string[] }
  | { kind: "near-duplicate"; percent: number; other: string };

export type DescriptionFinding = {
  tool: string;
  code: DescriptionFindingCode;
  severity: "error" | "warning" | "info";
  facts: FindingFacts;
  /** The message and suggestion in English (the CLI's words); the page renders `facts` in the reader's language. */
  message: string;
  suggestion: string;
};

/** A finding's message and suggestion in `locale`, from its facts (lib/i18n/messages/<locale>/lab.json, `lint`). */
export function findingWords(facts: FindingFacts, locale: Locale = "en"): { message: string; suggestion: string } {
  const t = translatorFor(locale, "lab");
  const list = (items: readonly string[]) => items.join(t("lint.listSeparator"));
  switch (facts.kind) {
    case "no-description":
      return { message: t("lint.noDescription.message"), suggestion: t("lint.noDescription.suggestion") };
    case "length": {
      const values = { ...facts, weight: UNSPACED_CHARACTER_WEIGHT };
      const message =
        facts.unspaced === 0 ? t("lint.length.message", values) : t("lint.length.unspacedMessage", values);
      return {
        message,
        suggestion: t(facts.bound === "under" ? "lint.length.shortSuggestion" : "lint.length.longSuggestion"),
      };
    }
    case "parameters":
      return {
        message: t("lint.parameters.message", { count: facts.names.length, names: list(facts.names) }),
        suggestion: t("lint.parameters.suggestion"),
      };
    case "name-words":
      return {
        message: t("lint.nameWords.message", { words: list(facts.words) }),
        suggestion: t("lint.nameWords.suggestion"),
      };
    case "vague-verbs":
      return {
        message: t("lint.vagueVerbs.message", { verbs: list(facts.verbs) }),
        suggestion: t("lint.vagueVerbs.suggestion"),
      };
    case "near-duplicate":
      return {
        message: t("lint.nearDuplicate.message", facts),
        suggestion: t("lint.nearDuplicate.suggestion", facts),
      };
  }
}

function finding(
  tool: string,
  code: DescriptionFindingCode,
  severity: DescriptionFinding["severity"],
  facts: FindingFacts,
): DescriptionFinding {
  return { tool, code, severity, facts, ...findingWords(facts) };
}

/** Below this a description rarely says what, on what, and when (characters). */
export const DESCRIPTION_MIN_CHARACTERS = 40;
/** Above this a description costs many tokens each time the tool is loaded (characters). */
export const DESCRIPTION_MAX_CHARACTERS = 1_000;
/**
 * A character of Chinese or Japanese says about as much as three Latin ones (an English word of five letters and
 * its space is usually two Chinese characters), so the length rules count each as this many: "查询指定城市的天气" is 9
 * characters and reads like 27, still short; a 14-character Chinese description clears the minimum.
 */
export const UNSPACED_CHARACTER_WEIGHT = 3;
/** Jaccard similarity of stemmed content-word sets at which two descriptions are near-duplicates. */
export const NEAR_DUPLICATE_SIMILARITY = 0.8;

const CONTENT_TERMS: TokenizeOptions = { splitIdentifiers: true, stopWords: true, stemming: true };

/** Verbs that say something happens without saying what. `do` is left alone in "do not". */
const VAGUE_VERB_FORMS: Record<string, string> = Object.fromEntries(
  [
    ["handle", "handles", "handled", "handling"],
    ["manage", "manages", "managed", "managing"],
    ["process", "processes", "processed", "processing"],
    ["do", "does", "doing"],
  ].flatMap((forms) => forms.map((form) => [form, forms[0]])),
);

/**
 * The tool's own name without a server prefix: the `<server>:` the evaluation adds, or the `<server>__` that
 * `mergeCatalogs` adds to colliding names (`github__create_issue`). The server's name is not a word the tool's
 * description should repeat.
 */
function ownName(name: string): string {
  const afterColon = name.slice(name.lastIndexOf(":") + 1);
  const separator = afterColon.lastIndexOf(SERVER_PREFIX_SEPARATOR);
  return separator > 0 ? afterColon.slice(separator + SERVER_PREFIX_SEPARATOR.length) : afterColon;
}

/** A description's length for the rules: its characters, each Chinese or Japanese one counted as three. */
export function descriptionLength(text: string): { characters: number; unspaced: number; weighted: number } {
  let characters = 0;
  let unspaced = 0;
  for (const character of text) {
    characters += 1;
    if (isUnspacedRun(character)) unspaced += 1;
  }
  return { characters, unspaced, weighted: characters + (UNSPACED_CHARACTER_WEIGHT - 1) * unspaced };
}

function lengthFindings(tool: CatalogTool, length: ReturnType<typeof descriptionLength>): DescriptionFinding[] {
  if (length.characters === 0) {
    return [finding(tool.name, "description-too-short", "error", { kind: "no-description" })];
  }
  if (length.weighted < DESCRIPTION_MIN_CHARACTERS) {
    return [
      finding(tool.name, "description-too-short", "warning", {
        kind: "length",
        bound: "under",
        limit: DESCRIPTION_MIN_CHARACTERS,
        ...length,
      }),
    ];
  }
  if (length.weighted > DESCRIPTION_MAX_CHARACTERS) {
    return [
      finding(tool.name, "description-too-long", "warning", {
        kind: "length",
        bound: "over",
        limit: DESCRIPTION_MAX_CHARACTERS,
        ...length,
      }),
    ];
  }
  return [];
}

function parameterFindings(tool: CatalogTool): DescriptionFinding[] {
  const properties = tool.inputSchema?.properties;
  if (typeof properties !== "object" || properties === null) return [];
  const undescribed = Object.entries(properties as Record<string, unknown>)
    .filter(([, schema]) => {
      const description = (schema as { description?: unknown } | null)?.description;
      return typeof description !== "string" || description.trim() === "";
    })
    .map(([name]) => name);
  if (undescribed.length === 0) return [];
  return [finding(tool.name, "parameter-without-description", "warning", { kind: "parameters", names: undescribed })];
}

function nameWordFindings(tool: CatalogTool): DescriptionFinding[] {
  const described = new Set(tokenize(tool.description ?? "", CONTENT_TERMS));
  const nameWords = splitWords(ownName(tool.name), true).filter((word) => word.length > 1);
  const missing = nameWords.filter((word) => {
    const [term] = tokenize(word, CONTENT_TERMS);
    return term !== undefined && !described.has(term);
  });
  if (missing.length === 0 || described.size === 0) return [];
  return [finding(tool.name, "name-word-missing", "info", { kind: "name-words", words: [...new Set(missing)] })];
}

function vagueVerbFindings(tool: CatalogTool): DescriptionFinding[] {
  const words = splitWords(tool.description ?? "", true);
  const verbs = new Set<string>();
  words.forEach((word, index) => {
    const verb = VAGUE_VERB_FORMS[word];
    if (verb === undefined || (verb === "do" && words[index + 1] === "not")) return;
    verbs.add(verb);
  });
  if (verbs.size === 0) return [];
  return [finding(tool.name, "vague-verb", "info", { kind: "vague-verbs", verbs: [...verbs] })];
}

/** The findings that need only the tool itself. */
export function lintDescription(tool: CatalogTool): DescriptionFinding[] {
  const length = descriptionLength((tool.description ?? "").trim());
  return [
    ...lengthFindings(tool, length),
    ...parameterFindings(tool),
    ...nameWordFindings(tool),
    ...vagueVerbFindings(tool),
  ];
}

function jaccard(left: ReadonlySet<string>, right: ReadonlySet<string>): number {
  const [smaller, larger] = left.size <= right.size ? [left, right] : [right, left];
  let shared = 0;
  for (const term of smaller) if (larger.has(term)) shared += 1;
  return shared / (left.size + right.size - shared);
}

/**
 * Pairs of descriptions whose content words overlap by at least 80% (Jaccard). Tools are compared in order of
 * word count and a comparison stops once the sizes alone rule the similarity out, which keeps large catalogs fast.
 */
export function nearDuplicateFindings(tools: readonly CatalogTool[]): DescriptionFinding[] {
  const entries = tools
    .map((tool, index) => ({ tool, index, terms: new Set(tokenize(tool.description ?? "", CONTENT_TERMS)) }))
    .filter((entry) => entry.terms.size > 0)
    .sort((left, right) => left.terms.size - right.terms.size || left.index - right.index);
  const findings: Array<{ index: number; finding: DescriptionFinding }> = [];
  for (let first = 0; first < entries.length; first += 1) {
    const left = entries[first];
    for (let second = first + 1; second < entries.length; second += 1) {
      const right = entries[second];
      if (left.terms.size < NEAR_DUPLICATE_SIMILARITY * right.terms.size) break;
      const similarity = jaccard(left.terms, right.terms);
      if (similarity < NEAR_DUPLICATE_SIMILARITY) continue;
      for (const [self, other] of [
        [left, right],
        [right, left],
      ]) {
        findings.push({
          index: self.index,
          finding: finding(self.tool.name, "near-duplicate-description", "warning", {
            kind: "near-duplicate",
            percent: Math.round(similarity * 100),
            other: other.tool.name,
          }),
        });
      }
    }
  }
  return findings.sort((left, right) => left.index - right.index).map((entry) => entry.finding);
}

/** Every finding for a catalog: each tool's own, then the near-duplicate pairs, in catalog order. */
export function lintDescriptions(tools: readonly CatalogTool[]): DescriptionFinding[] {
  return [...tools.flatMap(lintDescription), ...nearDuplicateFindings(tools)];
}
