/**
 * Kimi's tool-schema rules (PROTOCOLS.md §3.3). `strict` defaults to true ("omitting is equivalent to true": then
 * `parameters` must conform to Moonshot's MFJS subset of JSON Schema; platform.kimi.ai/docs/api/tool-use), and the
 * API answers a schema outside the subset with `400 invalid_request_error` "tools.function.parameters is not a valid
 * moonshot flavored json schema, details: <At path '…': …>". Two rules are checked, each with the wording users
 * have reported verbatim:
 * - a property schema without `type` (nor `anyOf`/`oneOf`/`allOf`/`$ref` to carry one): "type is not defined"
 *   (earendil-works/pi#4138, 2026-05-03; MoonshotAI/kimi-cli#178 "missing 'type' or 'anyOf' key");
 * - `type` beside `anyOf` or `oneOf` on the same schema: "when using anyOf, type should be defined in anyOf items
 *   instead of the parent schema" (MoonshotAI/kimi-cli#2531, 2026-07-22; FTShare-Lab/FTShare-MCP#7 reports the
 *   same refusal for a root `oneOf`).
 * A function sent with `strict: false` only promises a JSON object, and is not checked.
 */

type Json = Record<string, unknown>;

export const KIMI_SCHEMA_SOURCE =
  "platform.kimi.ai/docs/api/tool-use (strict defaults to true: parameters must follow MFJS), retrieved 2026-12-03; " +
  "400 wording reported verbatim in earendil-works/pi#4138 and MoonshotAI/kimi-cli#2531 (2026)";

export type KimiSchemaRefusal = { tool: number; name: string; path: string; detail: string };

const TYPE_CARRIERS = ["type", "anyOf", "oneOf", "allOf", "$ref"] as const;

function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The first rule a schema node breaks, walking properties, items and alternatives in document order. */
function firstBroken(
  node: unknown,
  path: string,
  isProperty: boolean,
  depth: number,
): Omit<KimiSchemaRefusal, "tool" | "name"> | null {
  if (!isRecord(node) || depth > 64) return null;
  if (isProperty && !TYPE_CARRIERS.some((key) => key in node)) return { path, detail: "type is not defined" };
  if ("type" in node) {
    const alternative = "anyOf" in node ? "anyOf" : "oneOf" in node ? "oneOf" : null;
    if (alternative)
      return {
        path,
        detail: `when using ${alternative}, type should be defined in ${alternative} items instead of the parent schema`,
      };
  }
  const child = (segment: string) => (path === "root" ? segment : `${path}.${segment}`);
  if (isRecord(node.properties))
    for (const [name, property] of Object.entries(node.properties)) {
      const broken = firstBroken(property, child(`properties.${name}`), true, depth + 1);
      if (broken) return broken;
    }
  if (isRecord(node.items)) {
    const broken = firstBroken(node.items, child("items"), true, depth + 1);
    if (broken) return broken;
  }
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    const options = node[key];
    if (!Array.isArray(options)) continue;
    for (let index = 0; index < options.length; index += 1) {
      const broken = firstBroken(options[index], child(`${key}.${index}`), false, depth + 1);
      if (broken) return broken;
    }
  }
  return null;
}

/** Per function object: every request of a run repeats the same tool objects. */
const remembered = new WeakMap<Json, Omit<KimiSchemaRefusal, "tool" | "name"> | null>();

/** The first function of a Chat Completions `tools` list whose schema Kimi refuses, or null. */
export function firstKimiSchemaRefusal(tools: readonly unknown[]): KimiSchemaRefusal | null {
  for (let index = 0; index < tools.length; index += 1) {
    const tool = tools[index];
    const fn = isRecord(tool) && isRecord(tool.function) ? tool.function : null;
    if (!fn || fn.strict === false) continue;
    let broken = remembered.get(fn);
    if (broken === undefined) {
      broken = firstBroken(fn.parameters, "root", false, 0);
      remembered.set(fn, broken);
    }
    if (broken) return { tool: index, name: typeof fn.name === "string" ? fn.name : "?", ...broken };
  }
  return null;
}

/** The message Moonshot answers with, in the reported wording. */
export function kimiSchemaMessage(refusal: KimiSchemaRefusal): string {
  return (
    "Invalid request: tools.function.parameters is not a valid moonshot flavored json schema, details: " +
    `<At path '${refusal.path}': ${refusal.detail}>`
  );
}
