import { describe, expect, it } from "vitest";
import type { Segment } from "../core";
import { comparePrefixes, comparisonSentence } from "./prefix-comparison";

const segment = (path: string, key: string, tokens: number, extra: Partial<Segment> = {}): Segment => ({
  path,
  label: path,
  group: path.startsWith("tools") ? "tools" : path === "system" ? "system" : "messages",
  key,
  tokens,
  toolDefinitionTokens: path.startsWith("tools") ? tokens : 0,
  breakpoint: false,
  ...extra,
});

const a = segment("tools[0]", "a", 1_000);
const b = segment("tools[1]", "b", 500);
const system = segment("system", "s", 200);
const user = segment("messages[0]", "u", 40);
const reply = segment("messages[1]", "r", 60);

describe("comparePrefixes", () => {
  it("an appended request shares all of the earlier one", () => {
    const comparison = comparePrefixes([a, b, system, user], [a, b, system, user, reply]);
    expect(comparison).toMatchObject({
      kind: "extends",
      sharedBlocks: 4,
      sharedTokens: 1_740,
      fromRestTokens: 0,
      toRestTokens: 60,
      partsAt: "messages[1]",
      sharedGroups: ["tools", "system", "messages"],
    });
    expect(comparisonSentence(comparison, "request 1", "request 2")).toBe(
      "Request 2 begins with all 1,740 tokens of request 1 and adds 60 tokens after them (from messages[1]): a pure append, the prefix is unchanged.",
    );
  });

  it("a tool inserted at the front parts them at once, and the words carry the same figures as the bars", () => {
    const inserted = segment("tools[0]", "x", 300);
    const comparison = comparePrefixes([a, system, user], [inserted, { ...a, path: "tools[1]" }, system, user]);
    expect(comparison).toMatchObject({ kind: "parts", sharedTokens: 0, fromRestTokens: 1_240, toRestTokens: 1_540 });
    const sentence = comparisonSentence(comparison, "request 1", "request 3");
    expect(sentence).toContain("differ from the very first block (tools[0])");
    expect(sentence).toContain("1,240 tokens of request 1 and 1,540 tokens of request 3 differ");
  });

  it("names the shared tokens when they part later, and ignores blocks outside the prompt", () => {
    const deferred = segment("tools[2]", "d", 900, { outsidePrompt: true });
    const comparison = comparePrefixes([a, deferred, system, user], [a, system, { ...user, key: "u2" }]);
    expect(comparison).toMatchObject({ kind: "parts", sharedBlocks: 2, sharedTokens: 1_200, partsAt: "messages[0]" });
    expect(comparisonSentence(comparison, "request 2", "request 5")).toMatch(
      /^Request 2 and request 5 share their first 1,200 tokens and part at messages\[0\]/,
    );
  });

  it("says when the two are the same prompt, or one is the other cut short", () => {
    expect(comparePrefixes([a, system], [a, system]).kind).toBe("identical");
    expect(comparisonSentence(comparePrefixes([a, system], [a, system]), "request 4", "request 4")).toBe(
      "Request 4 and request 4 are the same prompt: all 1,200 tokens.",
    );
    const shorter = comparePrefixes([a, system, user], [a, system]);
    expect(shorter).toMatchObject({ kind: "shortens", fromRestTokens: 40, toRestTokens: 0, partsAt: "messages[0]" });
    expect(comparisonSentence(shorter, "request 3", "request 1")).toBe(
      "Request 1 is the first 1,200 tokens of request 3; the 40 tokens after them (from messages[0]) are not in it.",
    );
  });
});
