/**
 * What to do about a JSON syntax error, read from the text around where parsing stopped (not from the engine's
 * message, whose wording differs between engines and versions). Undefined when the text gives no clear cause: the
 * engine's message and the line and column then stand alone. Pure; runs only after a parse failed.
 */
export function jsonSyntaxHint(text: string, offset: number): string | undefined {
  const before = text.slice(0, offset).trimEnd();
  const rest = text.slice(offset).trimStart();
  const next = rest[0];
  if (rest === "") return "the text ends before every { and [ is closed: add the missing } or ] at the end";
  if (before !== "" && parsesAlone(before))
    return 'there is text after the closing bracket that ends the JSON: a tool goes inside the "tools" array (before its ]), anything else can be deleted';
  if ((next === "}" || next === "]") && before.endsWith(","))
    return `JSON allows no comma before ${next}: delete the last comma`;
  if (next === "'") return 'JSON strings and keys take double quotes ("), not single ones';
  if (next !== undefined && /[A-Za-z_$]/.test(next) && /[{,]$/.test(before))
    return 'a key needs double quotes, as in "name": …';
  if (next === '"' && /["\d}\]el]$/.test(before)) return "a comma is missing before this value or key";
  return undefined;
}

function parsesAlone(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
