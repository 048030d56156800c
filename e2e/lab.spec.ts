import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { LabPage } from "./pages/lab-page";

const EXAMPLE = "mixed-mcp";
/** BM25 (emulated) does not find git_checkout for this query: its description is "Switches branches". */
const QUERY = "switch to the main branch";
const BETTER_DESCRIPTION =
  "Switch to another branch: check out the main branch, or any existing branch, in a local git repository.";

const SMALL_CATALOG = [
  {
    name: "get_weather",
    description: "Get the current weather and a three-day forecast for a city.",
    inputSchema: { type: "object", properties: { city: { type: "string", description: "City name" } } },
  },
  {
    name: "send_invoice",
    description: "Send an invoice to a customer by email.",
    inputSchema: { type: "object", properties: { customer_id: { type: "string", description: "The customer" } } },
  },
  {
    name: "list_branches",
    description: "List the branches of a git repository.",
    inputSchema: {
      type: "object",
      properties: { repo_path: { type: "string", description: "Path of the repository" } },
    },
  },
];

test.beforeAll(() => fs.mkdirSync("test-results/screenshots", { recursive: true }));

test.describe("search lab", () => {
  // Every test measures 362 tools × 78 queries × 3 searches in the browser, several times, on a shared 2-core machine.
  test.describe.configure({ timeout: 300_000 });
  let lab: LabPage;

  test.beforeEach(async ({ page }) => {
    lab = new LabPage(page);
  });

  test.afterEach(() => {
    expect(lab.externalRequests, "no request may leave localhost").toEqual([]);
    expect(lab.consoleErrors, "no console errors").toEqual([]);
  });

  test("opens the mixed MCP example on its tools, shows results as each search finishes, and explains a miss", async ({
    page,
  }) => {
    // Records each distinct state of the page as it renders: C = catalog tokens shown, then B, R, L = the BM25,
    // regex and client cards showing figures, and the Tools tab: p = tool rows with a search still measuring, d =
    // tool rows with every search's findability. Progressive results show the catalog and its tools before any
    // search ends.
    await page.addInitScript(() => {
      const states: string[] = [];
      (window as unknown as { labStates: string[] }).labStates = states;
      const ready = (id: string) =>
        document.querySelector(`[data-testid="search-card-${id}"]`)?.getAttribute("data-state") === "ready";
      new MutationObserver(() => {
        const tokens = document.querySelector('[data-testid="catalog-total-tokens"]')?.getAttribute("data-value");
        const rows = document.querySelector('[data-testid="tool-row"]') !== null;
        const pending = document.querySelector('[data-testid^="tool-findability-pending-"]') !== null;
        const tools = rows ? (pending ? "p" : "d") : "-";
        const state = `${tokens ? "C" : "-"}${ready("anthropic-bm25") ? "B" : "-"}${ready("anthropic-regex") ? "R" : "-"}${ready("client") ? "L" : "-"}${tools}`;
        if (states.at(-1) !== state) states.push(state);
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.goto(`/lab?example=${EXAMPLE}&tab=tools`);
    await lab.waitForMeasurements();
    const states = await page.evaluate(() => (window as unknown as { labStates: string[] }).labStates);
    expect(states.at(-1)).toBe("CBRLd");
    expect(states, "the catalog and its tools appear before any search has finished").toContain("C---p");
    await expect(page.getByTestId("tool-row").first().getByTestId("tool-tokens")).not.toHaveAttribute(
      "data-value",
      "0",
    );
    await lab.openTab("queries");
    await expect(page.getByTestId("lab-catalog-title")).toContainText("362 tools");
    await expect(page.getByTestId("search-badge-anthropic-bm25")).toHaveText("Emulated");
    await expect(page.getByTestId("search-badge-anthropic-regex")).toHaveText("Emulated");
    await expect(page.getByTestId("search-badge-client")).toHaveText("Ours");
    for (const search of ["anthropic-bm25", "anthropic-regex", "client"] as const) {
      const recall = await lab.metricValue(search, "recallAt5");
      expect(recall).toBeGreaterThan(0);
      expect(recall).toBeLessThanOrEqual(1);
      expect(await lab.metricValue(search, "recallAt1")).toBeLessThanOrEqual(recall);
      await expect(lab.metric(search, "mrr")).not.toHaveText(/…/);
    }
    // The client search is ours and should beat the BM25 emulation on recall@5 here.
    expect(await lab.metricValue("client", "recallAt5")).toBeGreaterThan(
      await lab.metricValue("anthropic-bm25", "recallAt5"),
    );
    await expect(page.getByTestId("lab-back-link")).toHaveAttribute("href", "/");
    await lab.screenshot("overview");
    // On a phone the header wraps: nothing in it reaches past the right edge, the status pill stays one line and
    // the catalog picker is whole and wide enough to read.
    await page.setViewportSize({ width: 390, height: 844 });
    const header = await page.evaluate(() => {
      // A truncated line clips its own overflow (the catalog title's "… · 362 tools"): that is not past the edge.
      const clipped = (element: Element) => {
        for (
          let node = element.parentElement;
          node && node.dataset.testid !== "lab-header";
          node = node.parentElement
        ) {
          if (getComputedStyle(node).overflowX !== "visible") return true;
        }
        return false;
      };
      const inside = [...document.querySelectorAll('[data-testid="lab-header"] *')].filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.right > window.innerWidth + 0.5 || box.left < -0.5) && !clipped(element);
      });
      const box = (id: string) => document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect();
      return { outside: inside.length, pill: box("lab-status").height, picker: box("lab-example-select") };
    });
    expect(header.outside, "header elements past the edge at 390 px").toBe(0);
    expect(header.pill, "the status pill wraps").toBeLessThan(32);
    expect(header.picker.right).toBeLessThanOrEqual(390);
    expect(header.picker.width).toBeGreaterThan(200);
    await lab.screenshot("header-390");
    // The results table keeps the query readable on a phone: its column takes the width, not one word per line.
    const queryCell = await page
      .getByTestId("query-row")
      .first()
      .locator("td")
      .nth(1)
      .evaluate((cell) => cell.getBoundingClientRect().toJSON() as DOMRect);
    expect(queryCell.width, "the query column at 390 px").toBeGreaterThan(240);
    expect(queryCell.right).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1440, height: 900 });

    await expect(lab.rank(QUERY, "anthropic-bm25")).toHaveAttribute("data-rank", "none");
    await lab.queryRow(QUERY).getByTestId("query-why").click();
    const explanation = page.getByTestId("query-explanation");
    await expect(explanation).toHaveAttribute("data-state", "ready", { timeout: 60_000 });
    const bm25 = explanation.getByTestId("explain-search-anthropic-bm25");
    await expect(bm25.getByTestId("explain-hit")).toHaveCount(5);
    await expect(bm25.getByTestId("explain-expected")).toHaveAttribute("data-tool", "git_checkout");
    await expect(bm25.getByTestId("explain-missing")).toContainText("switch");
    await expect(explanation.getByTestId("highlight").first()).toBeVisible();
    // The client search explains its score: terms, field weights and whatever else it added.
    const breakdown = explanation.getByTestId("explain-search-client").getByTestId("score-breakdown").first();
    await breakdown.locator("summary").click();
    await expect(breakdown.getByTestId("score-term").first()).toContainText("IDF");
    await lab.screenshot("why", lab.queryRow(QUERY).locator("xpath=following-sibling::tr[1]"));
    // A soft match by word vectors reads as a pair of words: "latest" reaches Slack's history tool through "recent".
    const latest = "show me the latest messages in the engineering channel";
    await lab.queryRow(latest).getByTestId("query-why").click();
    await expect(explanation).toHaveAttribute("data-state", "ready", { timeout: 60_000 });
    const first = explanation.getByTestId("explain-search-client").getByTestId("explain-hit").first();
    await expect(first).toHaveAttribute("data-tool", "slack_get_channel_history");
    await first.getByTestId("score-breakdown").locator("summary").click();
    await expect(first.locator('[data-testid="score-term"][data-match="similar"]')).toContainText(
      "latest ≈ recent 0.84, by word vectors",
    );
  });

  test("editing a description moves the expected tool's rank and recall, before → after", async ({ page }) => {
    await lab.open(EXAMPLE);
    const recallBefore = await lab.metricValue("anthropic-bm25", "recallAt5");
    await lab.selectTool("git_checkout");
    await lab.editDescription(BETTER_DESCRIPTION);
    await expect(page.getByTestId("edit-delta")).toBeVisible({ timeout: 180_000 });
    await lab.waitForMeasurements();

    await expect(lab.rank(QUERY, "anthropic-bm25")).toHaveAttribute("data-rank", "1");
    await expect(lab.rank(QUERY, "anthropic-bm25")).toHaveAttribute("data-before", "none");
    const recallAfter = await lab.metricValue("anthropic-bm25", "recallAt5");
    expect(recallAfter).toBeGreaterThan(recallBefore);
    await expect(page.getByTestId("delta-anthropic-bm25-recallAt5")).toContainText("+");
    await expect(page.getByTestId("edit-tokens-delta")).toBeVisible();
    await expect(page.getByTestId("edit-finding-fixed")).toContainText("Description too short");
    await page.getByTestId("query-filter").selectOption("changed");
    await expect(lab.queryRow(QUERY)).toBeVisible();
    expect(await page.getByTestId("query-row").count()).toBeLessThan(10);
    await lab.screenshot("edit");
    await page.getByTestId("query-filter").selectOption("all");

    await page.getByTestId("description-apply").click();
    await lab.waitForMeasurements();
    await expect(page.getByTestId("edits-reset")).toContainText("1 applied edit");
    expect(await lab.metricValue("anthropic-bm25", "recallAt5")).toBeCloseTo(recallAfter, 10);
    await expect(page.getByTestId("delta-anthropic-bm25-recallAt5")).toHaveCount(0);
  });

  test("imports a JSONL query set: a broken line is named, a CLI set is mapped onto the merged catalog", async ({
    page,
  }) => {
    await lab.open(EXAMPLE);
    await lab.importQueries(
      "broken.jsonl",
      '{"q": "weather", "expect": ["get_current_time"]}\n{"q": "oops", "expect": }\n',
    );
    await expect(page.getByTestId("query-set-problems")).toContainText("line 2: invalid JSON");
    await expect(page.getByTestId("query-set-label")).toContainText("78 queries");

    await lab.importQueries("mcp-queries.jsonl", fs.readFileSync("lib/search/fixtures/mcp-queries.jsonl", "utf8"));
    await expect(page.getByTestId("query-set-label")).toContainText("46 queries");
    await expect(page.getByTestId("query-set-label")).toContainText("imported mcp-queries.jsonl");
    await expect(page.getByTestId("query-set-renamed")).toContainText("55 expected tool names");
    await expect(page.getByTestId("query-set-renamed")).toContainText(
      "mcp-servers-time:get_current_time → get_current_time",
    );
    await lab.waitForMeasurements();
    await expect(page.getByTestId("query-row")).toHaveCount(46);
    expect(await lab.metricValue("client", "recallAt5")).toBeGreaterThan(0.5);
    await lab.screenshot("import");

    const download = page.waitForEvent("download");
    await page.getByTestId("queries-export").click();
    const exported = fs
      .readFileSync(await (await download).path(), "utf8")
      .trim()
      .split("\n");
    expect(exported).toHaveLength(46);
    expect(JSON.parse(exported[0])).toEqual({ q: "what time is it in Tokyo right now", expect: ["get_current_time"] });

    // A pasted catalog is measured at once, on starter queries suggested from its own descriptions.
    await page.getByTestId("lab-import-catalog").click();
    await page.getByTestId("catalog-import-text").fill(JSON.stringify({ tools: SMALL_CATALOG }));
    await page.getByTestId("catalog-import-submit").click();
    await expect(page.getByTestId("catalog-import-dialog")).toHaveCount(0);
    await lab.waitForMeasurements();
    await expect(page.getByTestId("lab-catalog-title")).toContainText("3 tools");
    await expect(page.getByTestId("query-set-label")).toContainText("starter queries");
    await expect(page.getByTestId("query-row").first()).toContainText("suggested");
  });

  test("tools, linter, confusable pairs, compression and options, in light and dark", async ({ page }) => {
    await lab.open(EXAMPLE);
    await lab.openTab("tools");
    const measured = await page.getByTestId("tool-row").count();
    expect(measured).toBeGreaterThan(50);
    expect(measured).toBeLessThan(362);
    await page.getByTestId("tool-only-measured").uncheck();
    await expect(page.getByTestId("tool-row")).toHaveCount(362);
    await page.getByTestId("tool-sort").selectOption("findability");
    await expect(page.getByTestId("tool-tokens").first()).toHaveAttribute("data-value", /^\d+$/);
    await lab.screenshot("tools");

    await lab.openTab("linter");
    await expect(page.getByTestId("lint-group").first()).toBeVisible();
    await lab.screenshot("linter", page.getByTestId("lab-tabs"));

    await lab.openTab("confusable");
    await expect(page.getByTestId("confusable-pair").first()).toBeVisible();
    await lab.screenshot("confusable", page.getByTestId("lab-tabs"));

    await lab.openTab("compression");
    await expect(page.getByTestId("compression-chart").locator("svg.recharts-surface")).toBeVisible({
      timeout: 240_000,
    });
    await page.getByTestId("compression-level").focus();
    await page.keyboard.press("End");
    await expect(page.getByTestId("compression-level-label")).toHaveText("Name only");
    expect(Number(await page.getByTestId("compression-saved").getAttribute("data-value"))).toBeGreaterThan(0);
    await lab.screenshot("compression", page.getByTestId("lab-tabs"));

    // Semantic search from the fake embedding endpoint: the three searches side by side, by visible text.
    await lab.openTab("semantic");
    await expect(page.getByText("Embeddings: fake-embed at")).toBeVisible();
    await page.getByRole("button", { name: /^Embed \d+ texts/ }).click();
    for (const name of ["Lexical", "Semantic", "Hybrid"])
      await expect(page.getByTestId("semantic-summaries").getByText(name, { exact: true })).toBeVisible({
        timeout: 120_000,
      });
    await expect(page.getByRole("columnheader", { name: "Which wins" })).toBeVisible();
    await expect(page.getByTestId("semantic-row")).toHaveCount(78);
    await expect(page.getByTestId("semantic-winner").first()).toHaveText(/^(tie|(Lexical|Semantic), by \d+ ranks?)$/);
    await lab.screenshot("semantic", page.getByTestId("lab-tabs"));

    const mrrBefore = await lab.metricValue("client", "mrr");
    await page.getByTestId("option-splitIdentifiers").click();
    await lab.waitForMeasurements();
    await expect.poll(() => lab.metricValue("client", "mrr")).not.toBe(mrrBefore);
    await expect(page.getByTestId("option-effect-splitIdentifiers")).toContainText("on:", { timeout: 120_000 });

    await page.getByTestId("lab-theme-toggle").click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await lab.screenshot("dark");
  });
});
