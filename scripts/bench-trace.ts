/**
 * npm run bench:trace -- [requests]  (default 2000)
 * Times reading and explaining a long synthetic Anthropic JSONL trace (an append-only session whose prompt grows by
 * two messages a request, with 40 tools) and the replay of its derived scenario, and prints the figures.
 */
import { performance } from "node:perf_hooks";
import { analyseTrace, explainTrace, readTrace } from "../lib/trace";
import { fixtureSystemPrompt } from "../lib/trace/fixtures/build-fixtures";

const count = Number(process.argv[2] ?? 2000);
const tools = Array.from({ length: 40 }, (_, index) => ({
  name: `tool_${index}`,
  description: `Does thing number ${index} to a record of the workspace.`,
  input_schema: { type: "object", properties: { id: { type: "string" }, note: { type: "string" } }, required: ["id"] },
}));
const messages: Array<Record<string, unknown>> = [];
const lines: string[] = [];
const start = Date.parse("2026-11-30T09:00:00Z");
for (let index = 0; index < count; index += 1) {
  messages.push({
    role: "user",
    content: [{ type: "text", text: `Question ${index}: what changed in record ${index}?` }],
  });
  const body = {
    model: "claude-opus-4-8",
    max_tokens: 512,
    cache_control: { type: "ephemeral" },
    system: fixtureSystemPrompt(),
    tools,
    messages: messages.slice(-40),
  };
  lines.push(JSON.stringify({ timestamp: new Date(start + index * 20_000).toISOString(), request: body }));
  messages.push({ role: "assistant", content: [{ type: "text", text: `Record ${index} changed its owner.` }] });
}
const text = lines.join("\n");
const time = <T>(label: string, work: () => T): T => {
  const began = performance.now();
  const value = work();
  console.log(`${label.padEnd(36)} ${(performance.now() - began).toFixed(0).padStart(7)} ms`);
  return value;
};
console.log(`${count} requests, ${(text.length / 1024 / 1024).toFixed(1)} MB of JSONL`);
const parsed = time("read (parse, detect, redact)", () => readTrace(text));
if (!parsed.ok) throw new Error(parsed.error);
time("explain (segments, cache model, miss)", () => explainTrace(parsed.trace));
time("whole pipeline (with replay)", () => analyseTrace(text));
