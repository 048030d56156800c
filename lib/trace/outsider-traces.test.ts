/**
 * Traces shaped the way real agents and tools write them, which the first fixtures did not cover (session 13,
 * docs/TRACE.md "Session 13 — traces it had never seen"). Each fixture is small and written here for the test.
 */
import { describe, expect, it } from "vitest";
import { analyseTrace } from "./analyse-trace";
import { explainTrace } from "./explain-trace";
import { fixtureSystemPrompt } from "./fixtures/build-fixtures";
import { readTrace } from "./read-trace";
import type { ParsedTrace } from "./types";

type Json = Record<string, unknown>;

const START = Date.parse("2026-12-01T10:00:00Z");

function parsed(text: string): ParsedTrace {
  const result = readTrace(text);
  if (!result.ok) throw new Error(result.error);
  return result.trace;
}

function lines(records: unknown[]): string {
  return records.map((record) => JSON.stringify(record)).join("\n");
}

const READ_FILE = {
  name: "read_file",
  description: "Read a file of the workspace.",
  input_schema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  cache_control: { type: "ephemeral" },
};

/** A main-loop request as a coding agent sends it: marked tools and system, the last user block marked. */
function mainRequest(model: string, userTexts: string[]): Json {
  return {
    model,
    max_tokens: 8192,
    system: [{ type: "text", text: fixtureSystemPrompt(), cache_control: { type: "ephemeral" } }],
    tools: [READ_FILE],
    messages: userTexts.flatMap((text, index) => {
      const user = {
        role: "user",
        content: [
          {
            type: "text",
            text,
            ...(index === userTexts.length - 1 ? { cache_control: { type: "ephemeral" } } : {}),
          },
        ],
      };
      return index === 0 ? [user] : [{ role: "assistant", content: [{ type: "text", text: "Done." }] }, user];
    }),
  };
}

/** A side call to a small model (a title, a topic check): no tools, no markers. */
function sideRequest(text: string): Json {
  return {
    model: "claude-haiku-4-5-20251001",
    max_tokens: 512,
    system: [{ type: "text", text: "Say in five words what this message is about." }],
    messages: [{ role: "user", content: text }],
  };
}

describe("a trace that calls more than one model (an agent's side calls to a small model)", () => {
  const text = lines(
    [
      sideRequest("quota"),
      mainRequest("claude-sonnet-4-5-20250929", ["Fix the failing test."]),
      sideRequest("Fix the failing test."),
      mainRequest("claude-sonnet-4-5-20250929", ["Fix the failing test.", "Now run it again."]),
    ].map((request, index) => ({ timestamp: new Date(START + index * 5_000).toISOString(), request })),
  );

  it("caches and prices each request as its own model, and compares it with the previous request to that model", () => {
    const explanation = explainTrace(parsed(text));
    expect(explanation.steps.map((step) => step.modelId)).toEqual([
      "claude-haiku-4-5",
      "claude-sonnet-4-5",
      "claude-haiku-4-5",
      "claude-sonnet-4-5",
    ]);
    // The main model's second request reads what its first wrote, although a side call came between them.
    expect(explanation.steps.map((step) => step.explanation?.cause ?? null)).toEqual([
      "no-breakpoint",
      "cold-start",
      "no-breakpoint",
      null,
    ]);
    expect(explanation.steps[3].tokens.cacheRead).toBe(explanation.steps[1].tokens.cacheWrite);
    expect(explanation.model.id).toBe("claude-sonnet-4-5");
    expect(explanation.models.map((entry) => [entry.model.id, entry.requests])).toEqual([
      ["claude-sonnet-4-5", 2],
      ["claude-haiku-4-5", 2],
    ]);
    expect(explanation.notes.join(" ")).toMatch(/calls 2 models/);
  });

  it("replays the main model's conversation only", () => {
    const result = analyseTrace(text);
    if (!result.ok) throw new Error(result.error);
    expect(result.analysis.derived.scenario.settings.model).toBe("claude-sonnet-4-5");
    expect(result.analysis.derived.scenario.turns.map((turn) => turn.user)).toEqual([
      "Fix the failing test.",
      "Now run it again.",
    ]);
    expect(result.analysis.figures.sessions).toBe(1);
  });
});
