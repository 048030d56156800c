/**
 * `JSON.stringify(value).length`, computed piecewise so the objects a run's requests share are serialised once.
 *
 * Why: every step summary the page gets carries its request's size (`requestBytes`, lib/workbench/summarise-run.ts),
 * and at 10,000 tools a request is ≈ 16 MB of JSON. Serialising each step's body to measure it would be the engine
 * worker's largest single cost in Chromium (21 % of its sampled time in the profile of PERFORMANCE.md at 279c54f),
 * one the Node run the worker is compared with does not have. The tool definitions in those bodies are the same
 * memoised objects in every request (lib/providers `memoisePerTool`), so their lengths are kept by identity, as
 * `jsonBytes` in lib/providers/limits.ts keeps their UTF-8 sizes.
 *
 * Exact for JSON data (what a request body is): an object is `{` + its `"key":value` pairs joined by `,` + `}`, in
 * `Object.keys` order, leaving out values JSON leaves out (undefined, functions, symbols); an array writes those as
 * `null`. Anything with a `toJSON` method is serialised whole. Like `jsonBytes`, it takes an object below the body's
 * arrays to be replaced rather than edited once measured (the engine builds a new request for every step).
 * `json-length.test.ts` compares it with `JSON.stringify` on the golden requests and on random values.
 */
import { LONG_TEXT_LENGTH, longTextSizesOf, serialisedSizes } from "../core/json-size";

/**
 * The body and its arrays (depths 0 and 1) are walked: they are rebuilt for every request. An object below them (a
 * tool definition, a message) is serialised whole, once — native serialisation is far cheaper than walking a schema
 * key by key — and kept by identity, with its UTF-8 size for the request-size check (lib/core/json-size.ts), which
 * has usually measured it already. One holding a long text (the catalog written into a prompt block) is walked, and
 * the text measured once per content.
 */
const WALKED_DEPTHS = 2;

const omittedInObject = (value: unknown) =>
  value === undefined || typeof value === "function" || typeof value === "symbol";

/** The length of `JSON.stringify(value)`; 0 where `JSON.stringify` gives undefined (undefined, a function). */
export function jsonTextLength(value: unknown, depth = 0): number {
  if (typeof value === "string" && value.length >= LONG_TEXT_LENGTH) return longTextSizesOf(value).length;
  if (value === null || typeof value !== "object") return JSON.stringify(value)?.length ?? 0;
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return serialisedSizes(value, true)!.length;
  const whole = depth >= WALKED_DEPTHS && !Array.isArray(value) ? serialisedSizes(value) : undefined;
  if (whole !== undefined) return whole.length;
  if (Array.isArray(value)) {
    let length = 2 + Math.max(0, value.length - 1);
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      length += omittedInObject(item) ? 4 : jsonTextLength(item, depth + 1);
    }
    return length;
  }
  let length = 2;
  let pairs = 0;
  for (const key of Object.keys(value)) {
    const item: unknown = (value as Record<string, unknown>)[key];
    if (omittedInObject(item)) continue;
    length += JSON.stringify(key).length + 1 + jsonTextLength(item, depth + 1);
    pairs += 1;
  }
  return length + Math.max(0, pairs - 1);
}

/**
 * `JSON.stringify(value).length` of a value below a body's arrays (a tool definition every request repeats),
 * serialised once and kept by identity, as `jsonTextLength` keeps it while measuring a body.
 */
export function keptJsonTextLength(value: unknown): number {
  return jsonTextLength(value, WALKED_DEPTHS);
}
