/**
 * Turns the public tool-retrieval benchmarks in /work/shared/fixtures/benchmarks into what `npm run eval:search`
 * reads: one MCP-style catalog file and one JSON Lines query file per set, written to an output directory.
 *
 *   npx tsx scripts/benchmark-query-sets.ts [--fixtures /work/shared/fixtures] [--out /tmp/search-benchmarks]
 *
 * BFCL v4 (multiple, simple_python, live_multiple, live_simple, parallel_multiple, live_parallel_multiple): every
 * function of a file is pooled into one
 * catalog (the first definition of a name wins, as names repeat across entries); the query is the last user
 * message of the first turn and the expected tools are the ground-truth call names. MetaTool: the 199 plugin
 * descriptions (no parameters) and every 14th of the 20,614 queries (1,473), a fixed stride so the sample never
 * changes. Nothing here is tuned; it only reshapes files.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

type Tool = { name: string; description: string; inputSchema: Record<string, unknown> };
type Query = { q: string; expect: string[] };

// multi_turn_base is left out: its functions live in per-class files (multi_turn_func_doc) and its turns build on
// one another, so a single query per entry would not be the request the expected call answers.
const BFCL_FILES = [
  "multiple",
  "simple_python",
  "live_multiple",
  "live_simple",
  "parallel_multiple",
  "live_parallel_multiple",
] as const;
const METATOOL_STRIDE = 14;

function argument(flag: string, fallback: string): string {
  const index = process.argv.indexOf(flag);
  return index >= 0 && process.argv[index + 1] !== undefined ? process.argv[index + 1] : fallback;
}

function jsonLines(path: string): Record<string, unknown>[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** BFCL's own parameter types to JSON Schema: `dict` → `object`, `float` → `number`, `tuple` → `array`. */
function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value).map(([key, inner]) => {
    if (key === "type" && typeof inner === "string") {
      const mapped: Record<string, string> = { dict: "object", float: "number", tuple: "array", any: "string" };
      return [key, mapped[inner] ?? inner];
    }
    return [key, toJsonSchema(inner)];
  });
  return Object.fromEntries(entries);
}

function bfclSet(fixtures: string, file: string): { tools: Tool[]; queries: Query[] } {
  const directory = join(fixtures, "benchmarks", "bfcl");
  const entries = jsonLines(join(directory, `BFCL_v4_${file}.json`));
  const answers = new Map(
    jsonLines(join(directory, "possible_answer", `BFCL_v4_${file}.json`)).map((answer) => [answer.id, answer]),
  );
  const tools = new Map<string, Tool>();
  const queries: Query[] = [];
  for (const entry of entries) {
    for (const fn of entry.function as Array<{ name: string; description?: string; parameters?: unknown }>) {
      if (tools.has(fn.name)) continue;
      tools.set(fn.name, {
        name: fn.name,
        description: fn.description ?? "",
        inputSchema: (toJsonSchema(fn.parameters) as Record<string, unknown>) ?? { type: "object" },
      });
    }
    const turn = (entry.question as Array<Array<{ role: string; content: string }>>)[0];
    const user = turn.filter((message) => message.role === "user").pop();
    const answer = answers.get(entry.id);
    if (user === undefined || answer === undefined) continue;
    const expect = [
      ...new Set((answer.ground_truth as Array<Record<string, unknown>>).flatMap((call) => Object.keys(call))),
    ];
    queries.push({ q: user.content.slice(0, 500), expect });
  }
  return { tools: [...tools.values()], queries };
}

function metaToolSet(fixtures: string): { tools: Tool[]; queries: Query[] } {
  const directory = join(fixtures, "benchmarks", "metatool");
  const descriptions = JSON.parse(readFileSync(join(directory, "plugin_des.json"), "utf8")) as Record<string, string>;
  const tools = Object.entries(descriptions).map(([name, description]) => ({
    name,
    description,
    inputSchema: { type: "object" },
  }));
  const queries = jsonLines(join(directory, "all_clean_data.jsonl"))
    .filter((_, index) => index % METATOOL_STRIDE === 0)
    .map((row) => ({ q: String(row.Query), expect: [String(row.Tool)] }));
  return { tools, queries };
}

function write(out: string, name: string, set: { tools: Tool[]; queries: Query[] }): void {
  writeFileSync(join(out, `${name}.catalog.json`), JSON.stringify({ tools: set.tools }));
  writeFileSync(
    join(out, `${name}.queries.jsonl`),
    set.queries.map((query) => JSON.stringify(query)).join("\n") + "\n",
  );
  console.log(`${name}: ${set.tools.length} tools, ${set.queries.length} queries`);
}

const fixtures = argument("--fixtures", "/work/shared/fixtures");
const out = argument("--out", "/tmp/search-benchmarks");
mkdirSync(out, { recursive: true });
for (const file of BFCL_FILES) write(out, `bfcl-${file.replaceAll("_", "-")}`, bfclSet(fixtures, file));
write(out, "metatool", metaToolSet(fixtures));
