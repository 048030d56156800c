/** The live panels render what they are given, with stable test ids, and never render a key or HTML from a provider. */
import { renderInLocale } from "@/components/i18n/render-in-locale";
import { describe, expect, it } from "vitest";
import { compareSteps } from "@/lib/live/compare";
import { describeLiveError } from "@/lib/live/describe-error";
import type { LiveStep } from "@/lib/live/types";
import { LiveErrorBanner } from "./live-error-banner";
import { LiveKeyEntry } from "./live-key-entry";
import { LiveRunControls } from "./live-run-controls";
import { LiveStreamPreview } from "./live-stream-preview";
import { MeasuredVsPredictedTable } from "./measured-vs-predicted-table";

const noop = () => {};

function attributeOf(html: string, testId: string, name: string): string[] {
  const pattern = new RegExp(`<[^>]*data-testid="${testId}"[^>]*>`, "g");
  return (html.match(pattern) ?? []).map((tag) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1] ?? "");
}

describe("LiveKeyEntry", () => {
  it("is a password field that does not autofill, with remember off unless asked", () => {
    const html = renderInLocale(
      <LiveKeyEntry
        label="Anthropic API key"
        value="sk-ant-secret"
        remember={false}
        serverKeyAvailable={false}
        onValueChange={noop}
        onRememberChange={noop}
        onClear={noop}
      />,
    );
    expect(html).toMatch(/type="password"[^>]*autoComplete="off"|autoComplete="off"[^>]*type="password"/i);
    expect(html).toContain('data-testid="live-key-remember"');
    expect(html).not.toMatch(/data-testid="live-key-remember"[^>]*checked/);
    expect(html).toContain("Held in this tab only");
  });

  it("says when the server has a key", () => {
    const html = renderInLocale(
      <LiveKeyEntry
        label="OpenAI API key"
        value=""
        remember={false}
        serverKeyAvailable
        onValueChange={noop}
        onRememberChange={noop}
        onClear={noop}
      />,
    );
    expect(html).toContain("The server has a key for this provider");
  });

  it("says plainly that nothing is sent without a key", () => {
    const html = renderInLocale(
      <LiveKeyEntry
        label="Anthropic API key"
        value=""
        remember={false}
        serverKeyAvailable={false}
        onValueChange={noop}
        onRememberChange={noop}
        onClear={noop}
      />,
    );
    expect(html).toContain("No key yet, so nothing is sent");
  });
});

describe("LiveRunControls", () => {
  it("Run while idle, Stop while running, Retry after a failure (disabled during retry-after)", () => {
    const base = { canRun: true, stepCount: 2, turn: 0, turnCount: 3, onRun: noop, onStop: noop, onRetry: noop };
    expect(renderInLocale(<LiveRunControls {...base} status="idle" />)).toContain("Run live");
    const running = renderInLocale(<LiveRunControls {...base} status="running" />);
    expect(running).toContain('data-testid="live-stop-button"');
    expect(running).not.toContain('data-testid="live-retry-button"');
    const failed = renderInLocale(<LiveRunControls {...base} status="failed" retryInSeconds={4} />);
    expect(failed).toContain("Retry in 4 s");
    expect(attributeOf(failed, "live-status", "data-status")).toEqual(["failed"]);
  });
});

describe("LiveErrorBanner", () => {
  it("titles the error, shows the provider's message as text, and the retry-after", () => {
    const view = describeLiveError(
      {
        code: "provider_rate_limited",
        message: "<b>slow down</b>",
        status: 429,
        providerStatus: 429,
        retryAfterSeconds: 12,
      },
      "Anthropic",
    );
    const html = renderInLocale(<LiveErrorBanner error={view} retryInSeconds={12} onRetry={noop} />);
    expect(html).toContain("Rate limited by the provider (429)");
    expect(html).toContain("&lt;b&gt;slow down&lt;/b&gt;");
    expect(attributeOf(html, "live-error-retry-after", "data-value")).toEqual(["12"]);
    expect(html).toContain("Retry in 12 s");
  });

  it("the 400 for all-deferred tools reads as a rejected request with Anthropic's words", () => {
    const view = describeLiveError(
      {
        code: "provider_bad_request",
        message: "At least one tool must have defer_loading=false. All tools cannot be deferred.",
        status: 400,
        providerStatus: 400,
      },
      "Anthropic",
    );
    expect(view.title).toBe("Anthropic rejected the request (400)");
    expect(renderInLocale(<LiveErrorBanner error={view} />)).toContain("All tools cannot be deferred.");
  });

  it("zh-CN: a refused tool call has its own Chinese title; the provider's message is labelled and left as sent", () => {
    const message = "tool call validation failed: parameters for tool get_weather did not match schema";
    const view = describeLiveError(
      { code: "provider_rejected_tool_call", message, status: 400, providerStatus: 400 },
      "Groq",
      "zh-CN",
    );
    const html = renderInLocale(<LiveErrorBanner error={view} />, "zh-CN");
    expect(html).toContain("Groq 拒绝了模型对 get_weather 的调用");
    expect(html).toContain("Groq 的原始消息（按原样显示）：");
    expect(html).toMatch(
      /data-testid="live-error-message" data-from-provider="true" translate="no">tool call validation failed/,
    );
  });
});

describe("LiveStreamPreview and MeasuredVsPredictedTable", () => {
  it("streams parts by kind", () => {
    const html = renderInLocale(
      <LiveStreamPreview
        parts={[
          { part: 0, kind: "text", text: "Hello" },
          { part: 1, kind: "tool-call", name: "get_weather", text: '{"city":' },
        ]}
        streaming
      />,
    );
    expect(attributeOf(html, "live-stream-part", "data-kind")).toEqual(["text", "tool-call"]);
    expect(html).toContain("{&quot;city&quot;:");
  });

  it("puts predicted, measured and difference in data-values, with totals", () => {
    const step = {
      index: 0,
      turn: 0,
      kind: "call",
      title: "call get_weather",
      tokens: { input: 1000, uncached: 100, cacheRead: 900, cacheWrite: 0, toolDefinitions: 0, output: 20 },
      cost: { uncachedUsd: 0, cacheReadUsd: 0, cacheWriteUsd: 0, outputUsd: 0, totalUsd: 0.001 },
      measured: { input: 1100, uncached: 200, cacheRead: 900, cacheWrite: 0, output: 25 },
      measuredCost: { uncachedUsd: 0, cacheReadUsd: 0, cacheWriteUsd: 0, outputUsd: 0, totalUsd: 0.0012 },
    } as unknown as LiveStep;
    const html = renderInLocale(<MeasuredVsPredictedTable comparison={compareSteps([step])} onCountExactly={noop} />);
    const cells = html.match(/<span[^>]*data-testid="live-cell"[^>]*>/g) ?? [];
    const input = cells
      .filter((tag) => tag.includes('data-field="input"'))
      .map((tag) => /data-value="([^"]*)"/.exec(tag)?.[1]);
    expect(input).toEqual(["1000", "1100", "100", "1000", "1100", "100"]);
    expect(html).toContain('data-testid="live-count-exactly"');
    expect(html).toContain('data-testid="live-comparison-total"');
  });
});
