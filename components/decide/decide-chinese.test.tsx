/**
 * Issue #33, part B in Simplified Chinese: the decide, trace, live, tap, security and report words render in zh-CN,
 * and the figure in the words is the figure beside them (the same value), as the English "words and numbers" tests
 * check. Every message of these namespaces parses as ICU in both languages.
 */
import { parse } from "@formatjs/icu-messageformat-parser";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInLocale } from "@/components/i18n/render-in-locale";
import { TraceReplay } from "@/components/trace/trace-replay";
import { LiveErrorBanner } from "@/components/live/live-error-banner";
import { LiveRunControls } from "@/components/live/live-run-controls";
import { TapSettings } from "@/components/tap/tap-settings";
import { ServerProtections } from "@/components/security/server-protections";
import { generateSyntheticCatalog } from "@/lib/catalog/synthetic/synthetic-catalog";
import { computeBreakEven } from "@/lib/decide/break-even";
import { recommend, type MeasuredRun } from "@/lib/decide/recommend";
import { differentWinnerNote } from "@/lib/decide/winner-note";
import { createEngine } from "@/lib/engine";
import { ALL_MESSAGES as MESSAGES } from "@/lib/i18n/all-messages";
import { describeLiveError } from "@/lib/live/describe-error";
import { designReviewReport } from "@/lib/report/design-review";
import { DEFAULT_SETTINGS } from "@/lib/scenario/default-settings";
import { createTokenCounter } from "@/lib/tokens";
import { analyseTrace } from "@/lib/trace/analyse-trace";
import { fixtureText } from "@/lib/trace/test-support";
import { traceView } from "@/lib/trace/trace-view";
import { formatPercent, formatTokens } from "@/lib/view/format";
import { formatMoney } from "@/lib/view/money";
import type { StrategyTotals } from "@/lib/engine/types";
import { BreakEvenTable } from "./break-even-table";
import { FullBoundaryView } from "./full-boundary";

const NAMESPACES = ["decide", "trace", "live", "tap", "security", "report"] as const;
const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");

function leaves(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === "string") return [[path, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => leaves(inner, `${path}.${key}`));
}

describe("part B in Simplified Chinese", () => {
  // A message that fails to parse or format is reported through console.error and shows its key instead.
  let errors: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    errors = vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("every message of the part's namespaces is valid ICU in both languages", () => {
    const invalid: string[] = [];
    for (const locale of ["en", "zh-CN"] as const)
      for (const namespace of NAMESPACES)
        for (const [key, message] of leaves(MESSAGES[locale][namespace], `${locale}:${namespace}`)) {
          try {
            parse(message);
          } catch {
            invalid.push(key);
          }
        }
    expect(invalid).toEqual([]);
  });

  const o200k = createTokenCounter("o200k");
  const catalog = generateSyntheticCatalog({
    count: 200,
    targetTokensPerTool: 400,
    seed: 200,
    countTokens: (value) => o200k.count(value),
    namespaces: 5,
  });
  const openai = computeBreakEven(createEngine(), {
    catalog,
    settings: { ...DEFAULT_SETTINGS, provider: "openai-responses", model: "gpt-5.4" },
    parameters: { toolsUsed: 3, turns: 8, minutesBetweenTurns: 2, provider: "openai-responses", model: "gpt-5.4" },
  });

  it("the break-even table and the boundary say in Chinese where sending every tool fails, with the drawn figures", () => {
    const table = renderInLocale(<BreakEvenTable result={openai} />, "zh-CN");
    const start = table.indexOf('data-strategy="full"');
    const row = table.slice(start, table.indexOf("</tr>", start));
    const engineTurn = /data-fails="(\d+)"/.exec(row)?.[1];
    expect(engineTurn).toBe("1");
    expect(text(row)).toContain(`第 ${engineTurn} 轮失败`);
    expect(text(row)).toContain("永不：无法运行");
    expect(text(table)).toContain("策略");
    expect(text(table)).not.toMatch(/fails at turn|never: it cannot run/);

    const boundary = renderInLocale(
      <FullBoundaryView boundary={openai.fullBoundary!} provider="openai-responses" />,
      "zh-CN",
    );
    const maxTools = /data-max-tools="(\d+)"/.exec(boundary)?.[1];
    expect(maxTools).toBe("128");
    expect(text(boundary)).toContain(`工具超过 ${maxTools} 个就无法一开始全量发送（服务商的工具数量上限）`);
    expect(text(boundary)).toContain(`本目录有 ${openai.fullBoundary!.toolCount} 个工具：全部发送会失败。`);
  });

  it("a strategy with a second conversation says in both languages that its figures include it, on which model", () => {
    const line = openai.lines.find((candidate) => candidate.id === "prefilter")!;
    expect(line.secondLane?.name).toBe("prefilter");
    for (const [locale, words] of [
      ["en", `+ the small model's requests on ${line.secondLane!.model}`],
      ["zh-CN", `+ 小模型在 ${line.secondLane!.model} 上的请求`],
    ] as const) {
      const table = renderInLocale(<BreakEvenTable result={openai} />, locale);
      const start = table.indexOf('data-strategy="prefilter"');
      const row = table.slice(start, table.indexOf("</tr>", start));
      expect(text(row)).toContain(words);
      expect(row).toContain("break-even-second-lane");
    }
    const table = renderInLocale(<BreakEvenTable result={openai} />, "en");
    const subagent = table.slice(table.indexOf('data-strategy="subagent"'));
    expect(text(subagent.slice(0, subagent.indexOf("</tr>")))).toContain("+ the sub-agent's requests on gpt-5.4");
  });

  it("the winner note gives the session's own figures in Chinese", () => {
    const session = { turns: 24, toolsUsed: 6, minutesBetweenTurns: 10, provider: "anthropic" as const, model: "m" };
    const conversation = { ...session, turns: 3, toolsUsed: 2, minutesBetweenTurns: 0 };
    const note = differentWinnerNote({
      where: "在这个会话中",
      winner: "gateway",
      conversationCheapest: ["full"],
      session,
      conversation,
      locale: "zh-CN",
    });
    expect(note).toContain(`它有 ${session.turns} 轮，对话有 ${conversation.turns} 轮`);
    expect(note).toContain(
      `轮间隔 ${session.minutesBetweenTurns} 分钟，对话为 ${conversation.minutesBetweenTurns} 分钟`,
    );
    expect(note).toContain(`使用 ${session.toolsUsed} 个不同工具，对话为 ${conversation.toolsUsed} 个`);
    expect(note).not.toMatch(/\bturns?\b|\bcheapest\b/);
  });

  it("the trace replay sentence states the gateway's bill in Chinese, the same as its table cell", () => {
    const result = analyseTrace(fixtureText("anthropic-session.jsonl"), { title: "anthropic-session.jsonl" });
    if (!result.ok) throw new Error(result.error);
    const view = traceView(result.analysis);
    const html = renderInLocale(<TraceReplay view={view} onOpenReplay={() => {}} />, "zh-CN");
    const gateway = view.replay.find((run) => run.id === "gateway")!;
    expect(text(html)).toContain(`网关策略：${formatMoney(gateway.costUsd, "USD", { locale: "zh-CN" })}`);
    expect(text(html)).toContain(`${gateway.requests} 个请求`);
    expect(text(html)).toContain("在每种策略下重放");
    expect(text(html)).not.toMatch(/Under the gateway|requests/);
  });

  it("a live error and the run line in Chinese keep the provider's wait and the request count", () => {
    const error = describeLiveError(
      { code: "provider_rate_limited", message: "rate_limit_error", status: 429, retryAfterSeconds: 30 },
      "Anthropic",
      "zh-CN",
    );
    expect(error.title).toBe("被服务商限流 (429)");
    expect(error.hint).toContain(`服务商要求等待 ${error.retryAfterSeconds} 秒。`);
    const banner = renderInLocale(<LiveErrorBanner error={error} retryInSeconds={12} onRetry={() => {}} />, "zh-CN");
    expect(text(banner)).toContain("12 秒后可重试。");
    expect(text(banner)).toContain("12 秒后重试");
    const controls = renderInLocale(
      <LiveRunControls
        status="running"
        canRun
        stepCount={3}
        turn={1}
        turnCount={4}
        onRun={() => {}}
        onStop={() => {}}
        onRetry={() => {}}
      />,
      "zh-CN",
    );
    expect(controls).toContain('data-steps="3"');
    expect(text(controls)).toContain("实时运行中 · 3 个请求 · 第 2/4 轮");
  });

  it("the tap store warning and the server line speak Chinese with their figures", () => {
    const settings = renderInLocale(
      <TapSettings
        retentionDays={30}
        health={{ open: true, pending: 4, dropped: 2, lastError: null }}
        sessionId="s1"
        onRetention={() => {}}
        onDelete={() => {}}
      />,
      "zh-CN",
    );
    expect(text(settings)).toContain("4 个请求暂存在内存中，等待存储接收；已丢弃 2 个较早的请求。");
    const footer = renderInLocale(
      <ServerProtections
        exposed={false}
        listening={["127.0.0.1"]}
        reasons={[]}
        protections={[{ id: "stdio", on: true, label: "stdio off" }]}
        locale="zh-CN"
      />,
      "zh-CN",
    );
    expect(text(footer)).toContain("服务器：仅限本机（监听 127.0.0.1）");
    expect(text(footer)).toContain("stdio 已关闭");
  });

  it("the report in Chinese has Chinese headings and the compare table's figures", () => {
    const report = designReviewReport(
      {
        title: "t",
        runs: [],
        toolCount: 200,
        turnCount: 8,
        provider: "openai-responses",
        model: "gpt-5.4",
        breakEven: openai,
        generatedAt: new Date("2026-12-03T10:00:00Z"),
      },
      "zh-CN",
    );
    expect(report.markdown).toContain("# 设计评审：t");
    expect(report.markdown).toContain("200 个工具，8 个脚本轮次");
    expect(report.markdown).toContain("## 盈亏平衡：渐进式披露何时划算？");
    expect(report.markdown).toContain(`一个 ${openai.parameters.turns} 轮的会话`);
    expect(report.markdown).not.toMatch(/Design review|Compare strategies|Three goals/);
  });
  it("the recommendation's headline and reasons speak Chinese with the figures of its tiles", () => {
    const totals = (input: number, requests: number, costUsd: number): StrategyTotals => ({
      input,
      cacheRead: input * 0.8,
      cacheWrite: input * 0.2,
      uncached: 0,
      output: 10 * requests,
      requests,
      costUsd,
      cacheHitRateByTokens: 0.8,
      cacheHitRateByRequests: 0.9,
      toolsFound: 4,
      toolsNeeded: 4,
      toolDefinitions: input / 2,
    });
    const runs: MeasuredRun[] = [
      { id: "full", provider: "anthropic", model: "claude-opus-4-8", totals: totals(800_000, 8, 1.2) },
      { id: "gateway", provider: "anthropic", model: "claude-opus-4-8", totals: totals(30_000, 12, 0.06) },
      { id: "stubs", provider: "anthropic", model: "claude-opus-4-8", totals: totals(160_000, 12, 0.3) },
    ];
    const recommendation = recommend({
      toolCount: 200,
      tokensPerTool: 400,
      provider: "anthropic",
      model: "claude-opus-4-8",
      severalProviders: true,
      schemas: { veryComplex: false, complexShare: 0.05 },
      runs,
      locale: "zh-CN",
    });
    const { figures } = recommendation;
    expect(recommendation.strategy).toBe("gateway");
    expect(recommendation.headline).toContain("网关");
    expect(recommendation.headline).toContain(`每个请求 ${formatTokens(figures.tokensPerRequest!)} token`);
    expect(recommendation.headline).toContain(formatMoney(figures.costUsd!, "USD", { locale: "zh-CN" }));
    expect(recommendation.reasons.join("\n")).toContain(`便宜 ${formatPercent(figures.savingVsFull!)}`);
    expect(recommendation.reasons.join("\n")).toContain("实测：200 个工具");
    expect(`${recommendation.headline}\n${recommendation.reasons.join("\n")}`).not.toMatch(
      /\b(tokens a request|in total|Measured|instead)\b/,
    );
  });
  it("a trace analysed in Chinese names the miss in Chinese, quoting the changed text the view highlights", () => {
    const result = analyseTrace(fixtureText("openai-responses-instructions.har"), {
      title: "t",
      locale: "zh-CN",
    });
    if (!result.ok) throw new Error(result.error);
    const view = traceView(result.analysis);
    const step = view.steps[2];
    const change = step.explanation!.changedText!;
    const before = change.before.slice(change.beforeStart, change.beforeEnd);
    const after = change.after.slice(change.afterStart, change.afterEnd);
    expect(step.explanation!.headline).toBe(
      `instructions 字段有变（"${before}" → "${after}"）：整个缓存失效（instructions 字段位于前缀最前面）。`,
    );
    expect(view.steps[0].explanation!.headline).toBe("首个请求：尚无缓存，因此写入提示。");
    expect(view.recommendation.headline).not.toMatch(/\b(Load everything|Use the|tokens a request)\b/);
  });
});
