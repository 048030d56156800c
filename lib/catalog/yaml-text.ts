/**
 * YAML, for the OpenAPI documents people keep in it (most public API descriptions are YAML). Read with the `yaml`
 * package's safe core schema: no custom tags, and at most 100 alias expansions, so a document of nested aliases (the
 * "billion laughs") is refused instead of filling the worker's memory.
 */
import { parseDocument } from "yaml";

export type YamlReading = { ok: true; value: unknown } | { ok: false; reason: string; line?: number; column?: number };

const MAX_ALIAS_COUNT = 100;

export function parseYamlText(text: string): YamlReading {
  try {
    const document = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
    const [error] = document.errors;
    if (error) {
      const position = error.linePos?.[0];
      return {
        ok: false,
        reason: error.message.split("\n")[0],
        ...(position ? { line: position.line, column: position.col } : {}),
      };
    }
    return { ok: true, value: document.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
  } catch (caught) {
    return { ok: false, reason: caught instanceof Error ? caught.message : String(caught) };
  }
}
