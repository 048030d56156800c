import { describe, expect, it } from "vitest";
import { statusTotals } from "@/lib/view/prefix-bar";
import { CachePrefixBar } from "./cache-prefix-bar";
import { attribute, exampleRun, render, tagsWithTestId, textOfTestId } from "./test-support";

describe("CachePrefixBar", () => {
  it("shows naive-dynamic losing its cache: invalidated segments, a marker and the reason in words", async () => {
    const run = await exampleRun("naive-dynamic");
    const step = run.steps.find((candidate) => candidate.segmentStatus.includes("invalidated"));
    expect(step).toBeDefined();
    if (!step) return;
    const html = render(
      <CachePrefixBar
        segments={step.segments}
        statuses={step.segmentStatus}
        divergence={step.divergence}
        billed={step.tokens}
      />,
    );
    const segments = tagsWithTestId(html, "prefix-segment");
    expect(segments.map((tag) => attribute(tag, "data-status"))).toContain("invalidated");
    expect(textOfTestId(html, "divergence")).toBe(`Where: ${step.divergence?.reason}`);
    // The written figure is the step's cache write; the invalidated tokens are named as a part of it.
    expect(textOfTestId(html, "cache-headline")).toContain(
      `nothing read from cache; ${step.tokens.cacheWrite.toLocaleString("en-US")} tokens written to the cache`,
    );
    expect(textOfTestId(html, "cache-headline")).toMatch(/^Cache lost at tools\[\d+\]: .*, [\d,]+ of them invalidated/);
    expect(attribute(tagsWithTestId(html, "divergence")[0], "data-lost-cache")).toBe("true");
    expect(tagsWithTestId(html, "divergence-marker")).toHaveLength(1);
    // Every bar is keyboard reachable through one roving tab stop and says what it is.
    expect(segments.filter((tag) => attribute(tag, "tabindex") === "0")).toHaveLength(1);
    for (const tag of segments) expect(attribute(tag, "aria-label")).toMatch(/tokens/);
  });

  it("shows anthropic-tool-search keeping it: no invalidated segment, prefix intact", async () => {
    const run = await exampleRun("anthropic-tool-search");
    for (const step of run.steps.slice(1)) {
      const html = render(
        <CachePrefixBar segments={step.segments} statuses={step.segmentStatus} divergence={step.divergence} />,
      );
      expect(tagsWithTestId(html, "prefix-segment").map((tag) => attribute(tag, "data-status"))).not.toContain(
        "invalidated",
      );
    }
    const last = run.steps[run.steps.length - 1];
    const html = render(
      <CachePrefixBar segments={last.segments} statuses={last.segmentStatus} divergence={last.divergence} />,
    );
    expect(textOfTestId(html, "cache-headline")).toMatch(/^Prefix intact/);
    expect(tagsWithTestId(html, "divergence-marker")).toHaveLength(0);
    // Deferred tools are counted, not drawn.
    expect(textOfTestId(html, "prefix-outside-prompt")).toMatch(/deferred tools outside the prompt/);
  });

  it("prints the legend totals of every status", async () => {
    const run = await exampleRun("full");
    const step = run.steps[1];
    const html = render(
      <CachePrefixBar segments={step.segments} statuses={step.segmentStatus} divergence={step.divergence} />,
    );
    const totals = statusTotals(step.segments, step.segmentStatus);
    const legend = tagsWithTestId(html, "prefix-legend-item").map((tag) => attribute(tag, "data-status"));
    expect(legend).toEqual(["read", "write", "uncached", "invalidated"]);
    expect(html).toContain(totals.read.toLocaleString("en-US"));
  });
});
