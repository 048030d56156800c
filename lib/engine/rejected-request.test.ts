/**
 * A request the provider would reject is flagged, not silently priced as if it were sent. The Anthropic renderer
 * never puts `cache_control` on a deferred tool (lib/providers/golden/settings-variants.test.ts checks every
 * golden), so this test makes it do so, the way a regression would, and checks the run says the API rejects it
 * (PROTOCOLS.md §1.8: "a deferred tool with cache_control is a 400") and does not count a cache entry for it.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadExample } from "../examples";
import { PROVIDERS } from "../providers";
import { createEngine } from "./engine";

describe("a cache marker on a deferred tool", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is reported in the run's warnings, and the marker holds no cache entry", async () => {
    const scenario = await loadExample("learning-agent");
    const settings = { ...scenario.settings, cacheMode: "explicit" as const, explicitBreakpoints: ["tools" as const] };
    const adapter = PROVIDERS.anthropic;
    const render = adapter.renderRequest.bind(adapter);
    vi.spyOn(adapter, "renderRequest").mockImplementation((transcript, context) => {
      const rendered = render(transcript, context);
      const last = rendered.segments.findLastIndex((segment) => segment.group === "tools");
      const tools = rendered.request.body.tools as Array<Record<string, unknown>>;
      // The regression: the marker lands on the last tool even though it is deferred.
      const segments = rendered.segments.map((segment, index) =>
        index === last ? { ...segment, breakpoint: true } : { ...segment, breakpoint: false },
      );
      tools[tools.length - 1] = { ...tools[tools.length - 1], cache_control: { type: "ephemeral" } };
      return { ...rendered, segments };
    });
    const run = createEngine().runStrategy({ ...scenario, settings }, "anthropic-tool-search", {
      provider: "anthropic",
    });
    const lastTool = (run.steps[0].request.body.tools as Array<Record<string, unknown>>).at(-1)!;
    expect(lastTool).toMatchObject({ defer_loading: true, cache_control: { type: "ephemeral" } });
    expect(run.warnings.map((warning) => warning.code)).toContain("cache-breakpoint-on-deferred-tool");
    expect(run.warnings.find((warning) => warning.code === "cache-breakpoint-on-deferred-tool")?.message).toMatch(
      /the API rejects this/,
    );
    // No other marker: nothing can be cached, so nothing is read or written.
    for (const step of run.steps) expect(step.tokens.cacheRead + step.tokens.cacheWrite).toBe(0);
  });
});
