/**
 * An emulation of Anthropic's `tool_search_tool_regex_20251119` (PROTOCOLS.md §1.1–§1.6): the model writes a Python
 * `re.search()` pattern, matched case-insensitively against each tool's name, description, argument names and
 * argument descriptions; patterns over 200 characters and invalid patterns come back as `invalid_tool_input`.
 *
 * The pattern runs on re2js, a linear-time engine, after `translatePythonRegex` has rewritten the Python syntax:
 * a backtracking engine can take exponential time on patterns such as `(a+)+$`, and a regex must never hang the
 * page. Constructs only a backtracking engine can run are reported as `invalid_tool_input` with that explanation.
 *
 * Anthropic does not document how matching tools are ordered. Here each matching field adds a weight, chosen as
 * powers of two so that the order reads as a rule: tools matching in the name come first, then in the
 * description, then in argument names, then in argument descriptions; equal scores keep catalog order.
 * Argument names and descriptions are matched one by one, so `^repo` finds an argument named `repo_path`.
 */
import { RE2JS } from "re2js";
import type { CatalogTool } from "../core/catalog";
import { ANTHROPIC_REGEX_MAX_PATTERN_CHARACTERS, characterCount, resolveLimit } from "./limits";
import { translatePythonRegex } from "./python-regex";
import { searchFieldTexts } from "./tool-fields";
import { SEARCH_FIELDS, type SearchField, type SearchHit, type SearchOutcome, type ToolSearcher } from "./types";

export const ANTHROPIC_REGEX_FIELD_WEIGHTS: Readonly<Record<SearchField, number>> = {
  name: 8,
  description: 4,
  parameterName: 2,
  parameterDescription: 1,
};

/** Enough matched substrings per field to show why a tool matched, without listing every occurrence. */
const MAX_TERMS_PER_FIELD = 10;
const PREFIX = "Invalid regular expression pattern";

function invalid(errorMessage: string): SearchOutcome {
  return { ok: false, errorCode: "invalid_tool_input", errorMessage };
}

type Compiled = { ok: true; regex: RE2JS } | { ok: false; outcome: SearchOutcome };

/** Compiles a Python pattern for re2js, or returns the `invalid_tool_input` outcome Anthropic would send. */
export function compilePythonPattern(pattern: string): Compiled {
  const length = characterCount(pattern);
  if (length > ANTHROPIC_REGEX_MAX_PATTERN_CHARACTERS) {
    const limit = ANTHROPIC_REGEX_MAX_PATTERN_CHARACTERS;
    return {
      ok: false,
      outcome: invalid(`${PREFIX}: exceeds the maximum length of ${limit} characters (got ${length})`),
    };
  }
  const translation = translatePythonRegex(pattern);
  if (!translation.ok) {
    const { error } = translation;
    if (error.kind === "syntax") return { ok: false, outcome: invalid(`${PREFIX}: ${error.message}`) };
    const explanation =
      `${PREFIX}: ${error.reason} at position ${error.position} cannot run in this emulation. Python's re accepts ` +
      "them, but the playground matches with a linear-time engine (RE2) so that no pattern can hang the page; " +
      "rewrite the pattern without them.";
    return { ok: false, outcome: invalid(explanation) };
  }
  try {
    return { ok: true, regex: RE2JS.compile(translation.pattern, RE2JS.CASE_INSENSITIVE) };
  } catch (error) {
    // The translation only emits RE2 syntax, so this is a gap in it; report it rather than crash the search.
    const detail = error instanceof Error ? error.message.replace(/^error parsing regexp: /, "") : String(error);
    return { ok: false, outcome: invalid(`${PREFIX}: ${detail}`) };
  }
}

function matchedSubstrings(regex: RE2JS, texts: readonly string[]): string[] {
  const terms = new Set<string>();
  for (const text of texts) {
    for (const match of regex.matchAll(text)) {
      const term = match[0].trim();
      if (term !== "") terms.add(term);
      if (terms.size >= MAX_TERMS_PER_FIELD) return [...terms];
    }
  }
  return [...terms];
}

export function createAnthropicRegexSearch(tools: readonly CatalogTool[]): ToolSearcher {
  const documents = tools.map(searchFieldTexts);

  function search(input: string, limit?: number): SearchOutcome {
    const compiled = compilePythonPattern(input);
    if (!compiled.ok) return compiled.outcome;
    const { regex } = compiled;
    const scored: Array<{ index: number; score: number; fields: SearchField[] }> = [];
    documents.forEach((texts, index) => {
      const fields = SEARCH_FIELDS.filter((field) => texts[field].some((text) => regex.test(text)));
      const score = fields.reduce((sum, field) => sum + ANTHROPIC_REGEX_FIELD_WEIGHTS[field], 0);
      if (score > 0) scored.push({ index, score, fields });
    });
    scored.sort((left, right) => right.score - left.score || left.index - right.index);
    // Matched substrings only for the hits returned: collecting them for every tool would cost a second pass.
    const hits: SearchHit[] = scored.slice(0, resolveLimit(limit)).map(({ index, score, fields }) => ({
      name: tools[index].name,
      score,
      matches: fields.map((field) => ({ field, terms: matchedSubstrings(regex, documents[index][field]) })),
    }));
    return { ok: true, hits };
  }

  return { id: "anthropic-regex", label: "Anthropic regex (emulated)", search };
}
