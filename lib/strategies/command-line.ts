/**
 * The command-line face of a tool for the `cli-help` strategy: the `--help` page generated from the tool's schema,
 * a command line written from arguments, and the parser that turns a command line back into arguments by the
 * schema (the client validates the result against the real schema afterwards, as for any loose call).
 */
import { isRecord } from "../catalog/catalog-format";
import type { CatalogTool, JsonSchema } from "../core/catalog";

function properties(tool: CatalogTool): Record<string, JsonSchema> {
  const value = tool.inputSchema.properties;
  return isRecord(value) ? (value as Record<string, JsonSchema>) : {};
}

function requiredNames(tool: CatalogTool): Set<string> {
  const value = tool.inputSchema.required;
  return new Set(Array.isArray(value) ? value.filter((name): name is string => typeof name === "string") : []);
}

function typeOf(property: JsonSchema): string {
  if (Array.isArray(property.enum)) return property.enum.map((value) => String(value)).join("|");
  const type = Array.isArray(property.type) ? property.type.join("|") : property.type;
  if (typeof type === "string") return type;
  return isRecord(property.properties) ? "object" : "value";
}

/** `<tool> --help`: usage line, the description, and one line per option with its type and description. */
export function helpText(tool: CatalogTool): string {
  const required = requiredNames(tool);
  const entries = Object.entries(properties(tool));
  const usage = entries
    .map(([name, property]) => {
      const flag = `--${name} <${typeOf(property)}>`;
      return required.has(name) ? flag : `[${flag}]`;
    })
    .join(" ");
  const options = entries.map(([name, property]) => {
    const description = typeof property.description === "string" ? `  ${property.description}` : "";
    return `  --${name} <${typeOf(property)}>${required.has(name) ? " (required)" : ""}${description}`;
  });
  return [
    `Usage: ${tool.name}${usage ? ` ${usage}` : ""}`,
    "",
    tool.description.trim(),
    ...(options.length ? ["", "Options:", ...options] : []),
    "",
    "Objects and arrays are passed as JSON.",
  ].join("\n");
}

/** A value quoted for the command line the way a POSIX shell reads it back. */
function quoted(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'"'"'`)}'`;
}

/** The command line that calls `tool` with `args`: `get_weather --city Paris --days 3`. */
export function commandLine(tool: CatalogTool, args: Record<string, unknown>): string {
  const parts = [tool.name];
  for (const [name, value] of Object.entries(args)) {
    parts.push(`--${name}`);
    parts.push(quoted(typeof value === "string" ? value : JSON.stringify(value)));
  }
  return parts.join(" ");
}

/** Splits a command line into words: single quotes, double quotes and backslash escapes as a shell reads them. */
export function shellWords(line: string): { ok: true; words: string[] } | { ok: false; error: string } {
  const words: string[] = [];
  let current = "";
  let inWord = false;
  let quote: "'" | '"' | null = null;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quote === "'") {
      if (char === "'") quote = null;
      else current += char;
      continue;
    }
    if (quote === '"') {
      if (char === '"') quote = null;
      else if (char === "\\" && index + 1 < line.length && '"\\$`'.includes(line[index + 1])) {
        current += line[index + 1];
        index += 1;
      } else current += char;
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      inWord = true;
    } else if (char === "\\" && index + 1 < line.length) {
      current += line[index + 1];
      index += 1;
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(current);
      current = "";
      inWord = false;
    } else {
      current += char;
      inWord = true;
    }
  }
  if (quote) return { ok: false, error: `unterminated ${quote === "'" ? "single" : "double"} quote` };
  if (inWord) words.push(current);
  return { ok: true, words };
}

function coerce(raw: string, property: JsonSchema): { ok: true; value: unknown } | { ok: false; error: string } {
  const types = Array.isArray(property.type) ? property.type : [property.type];
  if (types.includes("string") || (Array.isArray(property.enum) && property.enum.includes(raw)))
    return { ok: true, value: raw };
  if (types.includes("integer") || types.includes("number")) {
    const value = Number(raw);
    if (raw.trim() !== "" && Number.isFinite(value)) return { ok: true, value };
  }
  if (types.includes("boolean") && (raw === "true" || raw === "false")) return { ok: true, value: raw === "true" };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return types[0] === undefined ? { ok: true, value: raw } : { ok: false, error: `not a ${typeOf(property)}` };
  }
}

export type ParsedCommand =
  | { ok: true; kind: "list"; query: string }
  | { ok: true; kind: "help"; tool: CatalogTool }
  | { ok: true; kind: "call"; tool: CatalogTool; args: Record<string, unknown> }
  | { ok: false; error: string };

/**
 * Reads one `run` command: `tools [words…]` lists tools (matching the words), `<tool> --help` prints its help,
 * `<tool> --option value …` calls it. Options are read by the tool's schema: an unknown option, a missing value or
 * a value of the wrong type is an error the model gets back as the tool result.
 */
export function parseCommand(line: string, tool: (name: string) => CatalogTool | undefined): ParsedCommand {
  const split = shellWords(line.trim());
  if (!split.ok) return split;
  const [head, ...rest] = split.words;
  if (head === undefined) return { ok: false, error: "empty command; try `tools` or `<tool> --help`" };
  if (head === "tools") return { ok: true, kind: "list", query: rest.join(" ") };
  const found = tool(head);
  if (!found) return { ok: false, error: `${head}: command not found; \`tools <words>\` lists the tools` };
  if (rest.length === 1 && (rest[0] === "--help" || rest[0] === "-h")) return { ok: true, kind: "help", tool: found };
  const schema = properties(found);
  const args: Record<string, unknown> = {};
  for (let index = 0; index < rest.length; index += 1) {
    const word = rest[index];
    if (!word.startsWith("--")) return { ok: false, error: `${found.name}: unexpected argument "${word}"` };
    const equals = word.indexOf("=");
    const name = equals > 0 ? word.slice(2, equals) : word.slice(2);
    const property = schema[name];
    if (!property) return { ok: false, error: `${found.name}: unknown option --${name}; see ${found.name} --help` };
    let raw: string;
    if (equals > 0) raw = word.slice(equals + 1);
    else if (index + 1 < rest.length && !rest[index + 1].startsWith("--")) {
      raw = rest[index + 1];
      index += 1;
    } else if (property.type === "boolean") raw = "true";
    else return { ok: false, error: `${found.name}: option --${name} needs a value` };
    const value = coerce(raw, property);
    if (!value.ok) return { ok: false, error: `${found.name}: --${name} ${value.error}` };
    args[name] = value.value;
  }
  return { ok: true, kind: "call", tool: found, args };
}
