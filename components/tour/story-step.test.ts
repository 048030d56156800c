import { describe, expect, it } from "vitest";
import { storyStepIndex, type StoryPageState } from "./story-step";

const page = (overrides: Partial<StoryPageState> = {}): StoryPageState => ({
  exampleId: "seed-200-tools",
  strategyId: "full",
  running: false,
  catalogVersion: 3,
  runRequestId: 7,
  runs: [
    { id: "full", steps: [{ kind: "call" }, { kind: "answer" }] },
    { id: "gateway", steps: [{ kind: "search" }, { kind: "call" }, { kind: "answer" }] },
  ],
  ...overrides,
});

const story = { exampleId: "seed-200-tools", strategyId: "full", stepKind: "call" } as const;

describe("storyStepIndex", () => {
  it("selects the story's kind of request in the story's strategy", () => {
    expect(storyStepIndex(story, page(), undefined)).toBe(0);
  });

  it("waits while another strategy is on screen, instead of taking that strategy's request number", () => {
    // The page opened on the gateway's fourth request: its first call is request 2, which is full's answer.
    expect(storyStepIndex(story, page({ strategyId: "gateway" }), undefined)).toBeNull();
  });

  it("waits for the story's example, for a run that is not the stale one, and for the run to finish", () => {
    expect(storyStepIndex(story, page({ exampleId: "weather" }), undefined)).toBeNull();
    expect(storyStepIndex(story, page({ runRequestId: 7 }), 7)).toBeNull();
    expect(storyStepIndex(story, page({ running: true }), undefined)).toBeNull();
    expect(storyStepIndex(story, page({ catalogVersion: 0 }), undefined)).toBeNull();
    expect(storyStepIndex(story, page({ runRequestId: 8 }), 7)).toBe(0);
  });

  it("keeps the request on screen for a story without a kind, and falls back to the first request", () => {
    expect(storyStepIndex({ strategyId: "full" }, page(), undefined)).toBeUndefined();
    expect(storyStepIndex({ ...story, stepKind: "search" }, page(), undefined)).toBe(0);
    expect(storyStepIndex({ ...story, strategyId: "gateway" }, page({ strategyId: "gateway" }), undefined)).toBe(1);
  });
});
