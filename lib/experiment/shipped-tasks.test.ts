import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadExample } from "@/lib/examples";
import { designStrategies } from "./designs";
import { parseTaskSet } from "./tasks";

const SHIPPED = ["weather", "learning-agent", "github-mcp", "mixed-mcp", "office-assistant-zh"];

describe("the shipped task sets", () => {
  it.each(SHIPPED)("%s: at least 8 tasks, every expected tool in its catalog", async (id) => {
    const { catalog } = await loadExample(id);
    const text = readFileSync(join(__dirname, "..", "..", "examples", "tasks", `${id}.jsonl`), "utf8");
    const parsed = parseTaskSet(text, catalog, `${id}.jsonl`);
    expect(parsed.problems).toEqual([]);
    expect(parsed.value!.length).toBeGreaterThanOrEqual(8);
  });
});

describe("the position design", () => {
  it("puts the tools up front against appending them mid-conversation, where the model can", () => {
    expect(designStrategies("position", "anthropic", "claude-opus-4-8")).toEqual([
      "full",
      "anthropic-mid-conversation",
    ]);
    expect(designStrategies("position", "moonshot", "kimi-k3")).toEqual(["full", "kimi-dynamic"]);
    expect(designStrategies("position", "openai-chat", "gpt-5.4")).toEqual(["full"]);
  });
});
