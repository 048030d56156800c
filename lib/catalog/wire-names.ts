/**
 * Wire names, as MCP clients send them: MCP lets a tool name hold dots, slashes, spaces or any script
 * (`admin.tools.list`, `fs/read_file`), while most providers accept only a narrow pattern. A client maps each
 * refused name to one the provider accepts before it sends the request, and maps the model's calls back. The mapping
 * must be the same on every request (the tools are the cached prefix), so it depends on nothing but the names and
 * the pattern: a refused character becomes `_`, a name too long is shortened with a short hash of the original, and
 * a name that would collide with another gets that hash too. A name no candidate fits (an odd pattern someone set)
 * is left out, so the provider's refusal still shows.
 */
import type { WireName } from "../core/catalog";
import { stableTag } from "./stable-hash";

export type { WireName };

const REPLACEMENT = "_";
/** Base-36 characters of the hash suffix: 36^6 ≈ 2 × 10^9 values, so two names of one catalog practically never share one. */
const HASH_LENGTH = 6;
/** A pattern that accepts a name this long is taken to have no length limit. */
const LONGEST_PROBED = 1024;
/** Attempts with a salted hash when a hashed name is taken too. */
const HASH_ATTEMPTS = 8;
/** Stands for a run of refused characters while separators are collapsed (never in a tool name: not printable). */
const GAP = "\u0000";

type Rule = {
  regex: RegExp;
  /** Shortest and longest run of plain letters the pattern accepts; `max` is Infinity where no limit was found. */
  min: number;
  max: number;
  allowed: Map<string, boolean>;
};

const rules = new Map<string, Rule | null>();

/** The pattern compiled, with the lengths it accepts; null when it does not compile or accepts no plain name. */
function ruleOf(pattern: string): Rule | null {
  const known = rules.get(pattern);
  if (known !== undefined) return known;
  let rule: Rule | null = null;
  try {
    const regex = new RegExp(pattern);
    let min = 1;
    while (min <= LONGEST_PROBED && !regex.test("a".repeat(min))) min += 1;
    if (min <= LONGEST_PROBED) {
      let max = min;
      while (max < LONGEST_PROBED && regex.test("a".repeat(max + 1))) max += 1;
      rule = { regex, min, max: max >= LONGEST_PROBED ? Infinity : max, allowed: new Map() };
    }
  } catch {
    rule = null;
  }
  rules.set(pattern, rule);
  return rule;
}

/** Whether the pattern accepts this character inside a name (between letters, at a length it accepts). */
function allows(rule: Rule, character: string): boolean {
  let known = rule.allowed.get(character);
  if (known === undefined) {
    known = rule.regex.test(`a${character}${"a".repeat(Math.max(1, rule.min - 2))}`);
    rule.allowed.set(character, known);
  }
  return known;
}

/**
 * Each run of refused characters becomes one `_`; a run that touches an `_` of the name merges with it, and one at
 * either end is dropped (`/fs/read` → `fs_read`). Empty when nothing is left (a name in another script only).
 */
function sanitized(name: string, rule: Rule): string {
  let text = "";
  let inGap = false;
  for (const character of name) {
    if (allows(rule, character)) {
      text += character;
      inGap = false;
    } else if (!inGap) {
      text += GAP;
      inGap = true;
    }
  }
  return text
    .replace(new RegExp(`${REPLACEMENT}*${GAP}${REPLACEMENT}*`, "g"), GAP)
    .replace(new RegExp(`^${GAP}|${GAP}$`, "g"), "")
    .replaceAll(GAP, REPLACEMENT);
}

/** The first `length` characters (whole code points), without a trailing `_` that the suffix's `_` would double. */
function head(text: string, length: number): string {
  const characters = Array.from(text);
  const kept = characters.length > length ? characters.slice(0, Math.max(0, length)).join("") : text;
  return kept.replace(/_+$/, "");
}

function fits(candidate: string, rule: Rule, taken: ReadonlySet<string>): boolean {
  return !taken.has(candidate) && rule.regex.test(candidate);
}

/** The wire name of one refused name, or null when no candidate passes the pattern. */
function wireNameOf(original: string, rule: Rule, taken: ReadonlySet<string>): string | null {
  const kept = sanitized(original, rule);
  // A name with nothing the pattern accepts (Chinese only) gets a word and the hash, which tells such names apart.
  const base = kept || "tool";
  if (kept) {
    // A leading `_` serves the patterns that want a letter or `_` first (Kimi, Gemini) and a minimum length (Kimi's
    // 3); a name that is merely taken gets the hash instead, so two names never differ by a leading `_` alone.
    const plain = rule.regex.test(base) ? base : `${REPLACEMENT}${base}`;
    if (fits(plain, rule, taken)) return plain;
  }
  for (let attempt = 0; attempt < HASH_ATTEMPTS; attempt += 1) {
    const tag = stableTag(attempt === 0 ? original : `${original}#${attempt}`, HASH_LENGTH);
    for (const prefix of ["", REPLACEMENT]) {
      const room = rule.max - prefix.length - REPLACEMENT.length - HASH_LENGTH;
      const start = head(base, room);
      const candidate = start ? `${prefix}${start}${REPLACEMENT}${tag}` : `${prefix}${tag}`;
      if (fits(candidate, rule, taken)) return candidate;
    }
  }
  return null;
}

/**
 * The wire name of every name `pattern` refuses, in the order of `names`: the names it accepts are sent as they are
 * and no wire name takes one of them. Same names and pattern, same answer. Empty when the pattern does not compile.
 */
export function wireNameMapping(names: readonly string[], pattern: string): WireName[] {
  const rule = ruleOf(pattern);
  if (!rule) return [];
  // Most catalogs fit the rule whole: one test per name says so (the catalog panel asks on every import, on the page's
  // thread), without the set of 10,000 names taken.
  const fits = names.map((name) => rule.regex.test(name));
  if (!fits.includes(false)) return [];
  const taken = new Set(names.filter((_name, index) => fits[index]));
  const mapped = new Set<string>();
  const mapping: WireName[] = [];
  for (const [index, original] of names.entries()) {
    if (fits[index] || mapped.has(original)) continue;
    mapped.add(original);
    const wire = wireNameOf(original, rule, taken);
    if (wire === null) continue;
    taken.add(wire);
    mapping.push({ original, wire });
  }
  return mapping;
}
