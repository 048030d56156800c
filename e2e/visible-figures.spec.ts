/**
 * The page's numbers checked independently of the engine: one small scenario whose every figure is computed here
 * from the documented rules, then compared with the VISIBLE text of the stepper card, the compare table and the
 * charts' tooltips (not data-* attributes, and not the engine's output).
 *
 * Rules used (README "How far to trust the numbers", PROTOCOLS.md §5.1 and §7):
 * - Claude token counts are an estimate: o200k (gpt-tokenizer) × 1.2, rounded per block. A block is a tool
 *   definition as JSON ({name, description, input_schema}), a text block's text, or a tool_use / tool_result block
 *   as JSON. Claude Opus 4.8 adds 290 tokens of tool-use system prompt when tools are present (tool_choice auto).
 * - Automatic caching (top-level cache_control): the breakpoint sits on the last block; a prompt of at least
 *   1,024 tokens is written; the next request within the 5-minute TTL reads the previous prompt (it is within the
 *   20-block lookback) and writes what was appended.
 * - Opus 4.8 prices per million: input $5, 5-minute write $6.25, cache read $0.50, output $25.
 * - Output tokens: the same estimate over the reply (a tool call is counted as {"name","input"} JSON).
 *
 * The simulated model's ids ("toolu_sim_0001") are the simulator's convention: they take part in the counted
 * tool_use/tool_result JSON, and the test names them here.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { parseScenarioValue } from "../lib/scenario";
import { encodeWorkspace, inlineShareUrl } from "../lib/share";
import { PlaygroundPage } from "./pages/playground-page";

const SENTENCE =
  "Looks up one customer order by its number and returns its status, the items in it and when it ships. ";
const TOOL = {
  name: "lookup_order",
  description: SENTENCE.repeat(45).trim(),
  inputSchema: {
    type: "object",
    properties: { order: { type: "string", description: "The order number." } },
    required: ["order"],
  },
};
const SYSTEM = "You answer questions about customer orders.";
const USER = "Where is order 1042?";
const ARGUMENTS = { order: "1042" };
const RESULT = "Order 1042 shipped on 3 November.";
const ANSWER = "Order 1042 shipped on 3 November and should arrive this week.";
const CALL_ID = "toolu_sim_0001";

const PRICE = { input: 5, write5m: 6.25, read: 0.5, output: 25 };
const TOOL_USE_SYSTEM_PROMPT = 290;

/** Claude estimate: o200k × 1.2, rounded per block. */
const claudeTokens = (text: string) => Math.round(encode(text).length * 1.2);

function expectedFigures() {
  const toolBlock = claudeTokens(
    JSON.stringify({ name: TOOL.name, description: TOOL.description, input_schema: TOOL.inputSchema }),
  );
  const first = toolBlock + TOOL_USE_SYSTEM_PROMPT + claudeTokens(SYSTEM) + claudeTokens(USER);
  const toolUse = claudeTokens(JSON.stringify({ type: "tool_use", id: CALL_ID, name: TOOL.name, input: ARGUMENTS }));
  const toolResult = claudeTokens(JSON.stringify({ type: "tool_result", tool_use_id: CALL_ID, content: RESULT }));
  const second = first + toolUse + toolResult;
  const steps = [
    {
      input: first,
      cacheRead: 0,
      cacheWrite: first,
      uncached: 0,
      output: claudeTokens(JSON.stringify({ name: TOOL.name, input: ARGUMENTS })),
    },
    { input: second, cacheRead: first, cacheWrite: second - first, uncached: 0, output: claudeTokens(ANSWER) },
  ];
  return steps.map((step) => ({
    ...step,
    costUsd:
      (step.uncached * PRICE.input +
        step.cacheRead * PRICE.read +
        step.cacheWrite * PRICE.write5m +
        step.output * PRICE.output) /
      1_000_000,
  }));
}

function scenario() {
  const parsed = parseScenarioValue({
    formatVersion: 1,
    id: "visible-figures",
    title: "Visible figures",
    catalog: { tools: [{ ...TOOL, mockResult: RESULT }] },
    turns: [{ user: USER, needs: [{ tool: TOOL.name, arguments: ARGUMENTS }], answer: ANSWER }],
    settings: {
      provider: "anthropic",
      model: "claude-opus-4-8",
      system: SYSTEM,
      cacheMode: "automatic",
      cacheTtl: "5m",
      toolChoice: "auto",
    },
  });
  if (!parsed.value) throw new Error(JSON.stringify(parsed.problems));
  return parsed.value;
}

/** "12,345" → 12345; "$0.0123" → 0.0123; "45.6%" → 45.6. */
function numberIn(text: string): number {
  const match = /-?[\d,]*\.?\d+/.exec(text.replace(/−/g, "-"));
  if (!match) throw new Error(`no number in "${text}"`);
  return Number(match[0].replace(/,/g, ""));
}

/** A USD amount as shown agrees with `expected` to the precision it is shown with (half a unit of the last digit). */
function expectUsdText(text: string, expected: number) {
  const shown = /\$([\d,]*\.?(\d*))/.exec(text);
  if (!shown) throw new Error(`no dollar amount in "${text}"`);
  const decimals = shown[2].length;
  expect(Math.abs(numberIn(shown[1]) - expected), `"${text}" vs ${expected}`).toBeLessThanOrEqual(
    0.5 * 10 ** -decimals + 1e-12,
  );
  // Enough digits to say something: three significant ones for amounts under a dollar.
  expect(decimals, `"${text}" shows too few digits`).toBeGreaterThanOrEqual(2);
}

async function visibleText(locator: Locator): Promise<string> {
  await expect(locator).toBeVisible();
  return (await locator.innerText()).replace(/\s+/g, " ").trim();
}

/** The value cell next to a label in a tooltip's table. */
async function tooltipRow(tooltip: Locator, label: string): Promise<string> {
  // textContent joins the cells without a space: "Cache read1,537".
  const row = tooltip.locator("tr", { hasText: new RegExp(`^\\s*${label}[\\d$]`) }).first();
  return visibleText(row.locator("td").last());
}

async function hoverChartAt(page: Page, testId: string, xFraction: number): Promise<Locator> {
  const surface = page.getByTestId(testId).locator(".recharts-surface").first();
  await surface.scrollIntoViewIfNeeded();
  const box = await surface.boundingBox();
  if (!box) throw new Error(`${testId} has no box`);
  await page.mouse.move(box.x + box.width * xFraction, box.y + box.height * 0.5);
  const tooltip = page.getByTestId(testId).locator(".recharts-tooltip-wrapper");
  await expect(tooltip).toBeVisible();
  return tooltip;
}

test("the stepper card, compare table and chart tooltips show the figures the documented rules give", async ({
  page,
}) => {
  // Worker start and the first tokenizer use take minutes on a loaded machine (and in `next dev`).
  test.setTimeout(600_000);
  const expected = expectedFigures();
  // The scenario must exercise a read and a write: above the 1,024-token minimum.
  expect(expected[0].input).toBeGreaterThan(1024);

  const playground = new PlaygroundPage(page);
  const { payload } = encodeWorkspace({ scenario: scenario(), strategyId: "full", stepIndex: 0, forceProvider: true });
  await page.goto(inlineShareUrl("/", payload));
  await expect(page.getByTestId("run-status")).toContainText("simulated in", { timeout: 360_000 });
  await playground.waitForRun();
  await playground.waitForStep("full", 0);

  // The stepper card, request by request.
  for (const [index, figures] of expected.entries()) {
    if (index > 0) {
      await page.getByTestId("step-next").click();
      await playground.waitForStep("full", index);
    }
    const card = page.getByTestId("step-summary");
    expect(await visibleText(card.getByTestId("step-position"))).toBe(`Turn 1 · request ${index + 1} of 2`);
    expect(numberIn(await visibleText(card.getByTestId("step-input")))).toBe(figures.input);
    const figure = (key: string) => card.locator(`[data-testid=step-figure][data-figure=${key}]`);
    for (const [key, tokens] of [
      ["cache-read", figures.cacheRead],
      ["cache-write", figures.cacheWrite],
      ["uncached", figures.uncached],
      ["output", figures.output],
    ] as const) {
      const [label, amount, cost] = await figure(key).locator("dt, dd").allInnerTexts();
      expect(label.trim().length, key).toBeGreaterThan(0);
      expect(numberIn(amount), `${key} tokens of request ${index + 1}`).toBe(tokens);
      const price = {
        "cache-read": PRICE.read,
        "cache-write": PRICE.write5m,
        uncached: PRICE.input,
        output: PRICE.output,
      };
      if (tokens > 0) expectUsdText(cost, (tokens * price[key]) / 1_000_000);
    }
    expectUsdText(await visibleText(card.getByTestId("step-cost")), figures.costUsd);
  }

  // The compare table's row for the strategy.
  const row = page.locator("[data-testid=compare-row][data-strategy=full]");
  const totalInput = expected[0].input + expected[1].input;
  const totalCost = expected[0].costUsd + expected[1].costUsd;
  expect(numberIn(await visibleText(row.getByTestId("compare-requests")))).toBe(2);
  expect(numberIn(await visibleText(row.getByTestId("compare-input")))).toBe(totalInput);
  const hitByTokens = numberIn(await visibleText(row.getByTestId("compare-hit-tokens")));
  expect(Math.abs(hitByTokens - (100 * expected[1].cacheRead) / totalInput)).toBeLessThanOrEqual(0.5);
  expectUsdText(await visibleText(row.getByTestId("compare-cost")), totalCost);
  expect(await visibleText(row)).toContain("Anthropic Messages · claude-opus-4-8");

  // The tokens-per-request chart's tooltip over request 2 (of 2 bars: the right half).
  const tokensTooltip = await hoverChartAt(page, "chart-tokens-per-step", 0.75);
  expect(await visibleText(tokensTooltip)).toContain("Request 2");
  expect(numberIn(await tooltipRow(tokensTooltip, "Cache read"))).toBe(expected[1].cacheRead);
  expect(numberIn(await tooltipRow(tokensTooltip, "Cache write"))).toBe(expected[1].cacheWrite);
  expect(numberIn(await tooltipRow(tokensTooltip, "Uncached input"))).toBe(expected[1].uncached);
  expect(numberIn(await tooltipRow(tokensTooltip, "Input"))).toBe(expected[1].input);
  expect(numberIn(await tooltipRow(tokensTooltip, "Output"))).toBe(expected[1].output);
  expectUsdText(await tooltipRow(tokensTooltip, "Cost"), expected[1].costUsd);

  // The cumulative cost chart's tooltip at request 2 (other strategies run 3 requests, so the axis goes to 3): the
  // strategy's running total, under its short legend name.
  let costTooltip: Locator | null = null;
  for (const fraction of [0.55, 0.5, 0.6, 0.45, 0.65]) {
    const tooltip = await hoverChartAt(page, "chart-cumulative-cost", fraction);
    if ((await visibleText(tooltip)).includes("Request number 2")) {
      costTooltip = tooltip;
      break;
    }
  }
  if (!costTooltip) throw new Error("no tooltip for request 2 on the cumulative cost chart");
  expectUsdText(await tooltipRow(costTooltip, "Everything"), totalCost);

  expect(playground.externalRequests, "no request may leave localhost").toEqual([]);
  expect(playground.consoleErrors, "no console errors").toEqual([]);
});
