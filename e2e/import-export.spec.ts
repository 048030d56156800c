/**
 * Import and export from the page, against the production build: paste, file drop and a live MCP server (the
 * protocol's reference server from npm, started by playwright.config.ts); request code, results JSON and CSV.
 */
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { serializeScenario } from "../lib/scenario";
import { PlaygroundPage } from "./pages/playground-page";
import { smallScenario } from "./pages/scenarios";

/** Chooses `file` in the catalog panel's "Open file", as a person does. */
async function openFile(page: import("@playwright/test").Page, file: string): Promise<void> {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Open file" }).click();
  await (await chooser).setFiles(file);
}

/** How many runs have ended on the page: grows by one as each run finishes or fails. */
const runsEnded = async (page: import("@playwright/test").Page) =>
  Number(await page.getByTestId("run-status").getAttribute("data-runs-ended"));

test.describe("import and export from the page", () => {
  test.setTimeout(180_000);

  test("a bad paste lists its problems and changes nothing; a good one replaces the catalog", async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open("weather");
    const before = await page.getByTestId("scenario-title").textContent();
    await page.getByTestId("scenario-menu").click();
    await page.getByTestId("menu-import").click();
    const dialog = page.getByTestId("import-dialog");
    await dialog
      .getByTestId("import-text")
      .fill(
        '{"tools": [{"name": "bad tool name!", "inputSchema": {"type": "object", "properties": {"x": {"type": "nonsense"}}}}',
      );
    await dialog.getByTestId("import-check").click();
    await expect(dialog.getByTestId("import-failed")).toContainText("Nothing was imported");
    await expect(dialog.getByTestId("import-problems")).toBeVisible();
    await playground.screenshot("import-problems", dialog);
    expect(await page.getByTestId("scenario-title").textContent()).toBe(before);

    const tools = Array.from({ length: 3 }, (_, index) => ({
      name: `lookup_${index}`,
      description: `Looks up record ${index}.`,
      inputSchema: { type: "object", properties: { id: { type: "string" } } },
    }));
    await dialog.getByTestId("import-text").fill(JSON.stringify({ tools }));
    await dialog.getByTestId("import-check").click();
    await dialog.getByTestId("import-mode-add").click();
    await dialog.getByTestId("import-confirm").click();
    await expect(dialog).not.toBeVisible();
    await expect(page.getByTestId("scenario-title")).toContainText("5 tools");
    await playground.waitForRun();

    // A scenario file dropped on the dialog opens as a whole scenario.
    await page.getByTestId("scenario-menu").click();
    await page.getByTestId("menu-import").click();
    const scenarioFile = serializeScenario(smallScenario());
    const dataTransfer = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], "e2e-small.json", { type: "application/json" }));
      return transfer;
    }, scenarioFile);
    await dialog.getByTestId("import-drop-zone").dispatchEvent("drop", { dataTransfer });
    await expect(dialog.getByTestId("import-ready")).toContainText("E2E small");
    await dialog.getByTestId("import-confirm").click();
    await expect(page.getByTestId("scenario-title")).toContainText("E2E small");
    await playground.waitForRun();

    // Replacing the catalog with tools the conversation does not call replaces the conversation too, and says so.
    await page.getByTestId("scenario-menu").click();
    await page.getByTestId("menu-import").click();
    await dialog.getByTestId("import-text").fill(JSON.stringify({ tools }));
    await dialog.getByTestId("import-check").click();
    await dialog.getByTestId("import-mode-replace").click();
    const runsBefore = await runsEnded(page);
    await dialog.getByTestId("import-confirm").click();
    await expect(page.getByTestId("scenario-title")).toContainText("3 tools");
    await expect(page.getByTestId("import-done")).toContainText(
      "which the imported catalog lacks, so it is replaced by 3 requests written from the imported tools.",
    );
    await expect.poll(() => runsEnded(page), { timeout: 60_000 }).toBeGreaterThan(runsBefore);
    await expect(page.getByTestId("run-error")).toHaveCount(0);
    await playground.screenshot("import-warning");
    expect(playground.consoleErrors).toEqual([]);
  });

  test("a tool list with errors imports only its usable tools, says which it skips, and Undo brings the catalog back", async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open("weather");
    await expect(page.getByTestId("scenario-title")).toContainText("2 tools");
    const good = (name: string) => ({ name, description: `${name}.`, inputSchema: { type: "object" } });
    const broken = {
      name: "broken_tool",
      description: "x.",
      inputSchema: { type: "object", properties: { x: { type: "nonsense" } } },
    };
    await page.getByTestId("scenario-menu").click();
    await page.getByTestId("menu-import").click();
    const dialog = page.getByTestId("import-dialog");

    // Nothing usable: the button stays disabled and says why.
    await dialog.getByTestId("import-text").fill(JSON.stringify({ tools: [broken] }));
    await dialog.getByTestId("import-check").click();
    await expect(dialog.getByTestId("import-confirm")).toBeDisabled();
    await expect(dialog.getByTestId("import-verdict")).toContainText("No tool here can be imported");

    await dialog
      .getByTestId("import-text")
      .fill(JSON.stringify({ tools: [good("lookup_a"), broken, good("lookup_b")] }));
    await dialog.getByTestId("import-check").click();
    await expect(dialog.getByTestId("import-confirm")).toHaveText("Import the 2 valid tools");
    await expect(dialog.getByTestId("import-verdict")).toContainText("is skipped (broken_tool)");
    await playground.screenshot("import-partial", dialog);
    await dialog.getByTestId("import-mode-replace").click();
    await dialog.getByTestId("import-confirm").click();
    await expect(page.getByTestId("scenario-title")).toContainText("2 tools");
    const notice = page.getByTestId("import-done");
    await expect(notice).toContainText("Imported 2 tools in place of your catalog of 2 tools");
    // The weather conversation calls get_weather, which the imported tools lack: it is replaced, and Undo brings
    // both back.
    await expect(notice).toContainText("The conversation called get_weather");
    await expect(page.getByTestId("tool-list")).not.toContainText("broken_tool");
    await notice.getByRole("button", { name: "Undo the import" }).click();
    await expect(page.getByTestId("import-undone")).toContainText(
      "your catalog of 2 tools and your conversation of 2 requests are back",
    );
    await expect(page.getByTestId("tool-list")).toContainText("get_weather");
    expect(playground.consoleErrors).toEqual([]);
  });

  test("a person's own MCP catalog opened over an example: a conversation over its tools runs, and Undo brings the example back", async ({
    page,
  }, testInfo) => {
    const playground = new PlaygroundPage(page);
    await playground.open("learning-agent");
    const exampleTitle = (await page.getByTestId("scenario-title").textContent()) ?? "";
    const exampleTools = /([\d,]+) tools/.exec(exampleTitle)?.[1];

    // A newcomer's own server: the real Notion MCP server's tools/list, as a file.
    const file = testInfo.outputPath("my-notion-tools.json");
    fs.copyFileSync("examples/catalogs/notion-mcp-server.json", file);
    const before = await runsEnded(page);
    await openFile(page, file);

    const notice = page.getByTestId("import-done");
    await expect(notice).toContainText(
      `Opened 24 tools from my-notion-tools.json in place of your catalog of ${exampleTools} tools. ` +
        "The conversation called learning_create_cards and",
    );
    await expect(notice).toContainText(
      "which the imported catalog lacks, so it is replaced by 5 requests written from the imported tools.",
    );
    await expect.poll(() => runsEnded(page), { timeout: 120_000 }).toBeGreaterThan(before);
    await expect(page.getByTestId("run-status")).toContainText("simulated in");
    await expect(page.getByTestId("run-error")).toHaveCount(0);
    await expect(page.getByTestId("scenario-title")).toContainText("24 tools · 5 turns");
    // The run over the new conversation is on screen: no request of the example's is left, nor the notice that said so.
    await expect(page.getByTestId("previous-scenario")).toHaveCount(0);
    await expect(page.getByTestId("step-summary-panel")).not.toContainText("learning_create_cards");
    await playground.screenshot("own-catalog-imported");

    const undone = await runsEnded(page);
    await notice.getByRole("button", { name: "Undo the import" }).click();
    await expect(page.getByTestId("import-undone")).toContainText(
      `Undone: your catalog of ${exampleTools} tools and your conversation of`,
    );
    await expect(page.getByTestId("scenario-title")).toHaveText(exampleTitle);
    await expect.poll(() => runsEnded(page), { timeout: 120_000 }).toBeGreaterThan(undone);
    await expect(page.getByTestId("run-error")).toHaveCount(0);

    // The request body a person's agent sends to Gemini: function declarations in Gemini's OpenAPI subset
    // (`"type": "OBJECT"`) beside a Google Search tool.
    const gemini = testInfo.outputPath("gemini-request.json");
    fs.copyFileSync("lib/catalog/test-fixtures/shapes/gemini-request.json", gemini);
    const beforeGemini = await runsEnded(page);
    await openFile(page, gemini);
    await expect(page.getByTestId("import-done")).toContainText(
      `Opened 3 tools from gemini-request.json in place of your catalog of ${exampleTools} tools.`,
    );
    await expect(page.getByTestId("import-done")).toContainText(
      "replaced by 3 requests written from the imported tools",
    );
    await expect(page.getByTestId("catalog-problems")).toContainText('skipped a provider tool "googleSearch"');
    await expect.poll(() => runsEnded(page), { timeout: 120_000 }).toBeGreaterThan(beforeGemini);
    await expect(page.getByTestId("run-error")).toHaveCount(0);
    await expect(page.getByTestId("scenario-title")).toContainText("3 tools · 3 turns");
    expect(playground.consoleErrors).toEqual([]);
  });

  test("a broken file opened with Open file keeps the catalog, and its text comes back to the editor with the problem", async ({
    page,
  }, testInfo) => {
    const playground = new PlaygroundPage(page);
    await playground.open("weather");
    const title = await page.getByTestId("scenario-title").textContent();
    // The file crosses to the engine worker unread; a text that fails comes back for the person to fix.
    const file = testInfo.outputPath("broken-tools.json");
    fs.writeFileSync(file, '{"tools": [{"name": "broken_tool_from_file", "inputSchema": {"type": "object"}}');
    await openFile(page, file);
    await expect(page.getByTestId("catalog-problems")).toContainText("invalid JSON");
    await expect(page.getByTestId("catalog-editor")).toContainText("broken_tool_from_file");
    await expect(page.getByTestId("scenario-title")).toHaveText(title ?? "");
    await expect(page.getByTestId("import-done")).toHaveCount(0);
    // "Opening broken-tools.json…" is gone once the worker has answered, whatever it answered.
    await expect(page.getByTestId("catalog-opening")).toHaveCount(0);
    expect(playground.consoleErrors).toEqual([]);
  });

  test("an OpenAPI document in YAML opened with Open file: a tool per operation, shown and named as YAML, and it runs", async ({
    page,
  }, testInfo) => {
    const playground = new PlaygroundPage(page);
    await playground.open("weather");
    const file = testInfo.outputPath("petstore.yaml");
    fs.copyFileSync("lib/catalog/test-fixtures/shapes/openapi-petstore.yaml", file);
    const before = await runsEnded(page);
    await openFile(page, file);
    await expect(page.getByTestId("import-done")).toContainText("Opened 3 tools from petstore.yaml");
    await expect(page.getByTestId("catalog-problems")).toContainText(
      "read the OpenAPI document's 3 operations as tools",
    );
    // The editor holds the YAML as written, under a heading that says so.
    await expect(page.getByTestId("catalog-editor-heading")).toHaveText("Catalog YAML");
    await expect(page.getByTestId("catalog-editor")).toContainText("operationId: showPetById");
    await expect.poll(() => runsEnded(page), { timeout: 120_000 }).toBeGreaterThan(before);
    await expect(page.getByTestId("run-error")).toHaveCount(0);
    await expect(page.getByTestId("scenario-title")).toContainText("3 tools");
    expect(playground.consoleErrors).toEqual([]);
  });

  test("import from a live MCP server: the reference server's tools are added under its name", async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open("weather");
    await page.getByTestId("scenario-menu").click();
    await page.getByTestId("menu-import").click();
    const dialog = page.getByTestId("import-dialog");
    await dialog.getByTestId("import-tab-mcp").click();
    await dialog.getByTestId("mcp-url").fill(process.env.E2E_MCP_SERVER_URL ?? "http://127.0.0.1:3198/mcp");
    await dialog.getByTestId("mcp-connect").click();
    await expect(dialog.getByTestId("mcp-result")).toContainText("echo", { timeout: 30_000 });
    await playground.screenshot("import-mcp", dialog);
    const count = Number(
      /Import (\d+) tools/.exec((await dialog.getByTestId("mcp-import-tools").textContent()) ?? "")?.[1],
    );
    expect(count).toBeGreaterThanOrEqual(5);
    await dialog.getByTestId("mcp-import-tools").click();
    await expect(page.getByTestId("scenario-title")).toContainText(`${count + 2} tools`);
    await playground.waitForRun();
    // An unreachable server is explained, and nothing changes.
    await page.getByTestId("scenario-menu").click();
    await page.getByTestId("menu-import").click();
    await dialog.getByTestId("import-tab-mcp").click();
    await dialog.getByTestId("mcp-url").fill("http://127.0.0.1:9/mcp");
    await dialog.getByTestId("mcp-connect").click();
    await expect(dialog.getByTestId("mcp-error")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("scenario-title")).toContainText(`${count + 2} tools`);
    // Chromium logs every non-2xx fetch; the route's 502 for the unreachable server is the expected answer.
    expect(playground.consoleErrors.filter((message) => !message.includes("status of 502 (Bad Gateway)"))).toEqual([]);
  });

  test("export: request code for a strategy, and the results as JSON and CSV", async ({ page }) => {
    fs.mkdirSync("test-results", { recursive: true });
    const playground = new PlaygroundPage(page);
    await playground.open("weather");
    await page.getByTestId("scenario-menu").click();
    await page.getByTestId("menu-export").click();
    const dialog = page.getByTestId("export-dialog");
    // "Current request" starts on the page's strategy and request, and names the provider and model it is for.
    await expect(dialog.getByTestId("export-strategy")).toHaveValue("naive-dynamic");
    await expect(dialog.getByTestId("export-request-label")).toHaveText(
      /^Request 1 of \d+ · Anthropic Messages · claude-opus-4-8$/,
    );
    await dialog.getByTestId("export-strategy").selectOption("gateway");
    await dialog.getByTestId("export-format").selectOption("curl");
    await dialog.getByTestId("export-show-code").click();
    await expect(dialog.getByTestId("export-code")).toContainText("curl");
    await expect(dialog.getByTestId("export-code")).toContainText("search_tools");

    const jsonDownload = page.waitForEvent("download");
    await dialog.getByTestId("export-results-json").click();
    const json = JSON.parse(fs.readFileSync(await (await jsonDownload).path(), "utf8")) as {
      strategies: Array<{ id: string; totals: { costUsd: number } }>;
    };
    expect(json.strategies.length).toBe(await page.getByTestId("compare-row").count());
    const csvDownload = page.waitForEvent("download");
    await dialog.getByTestId("export-results-csv").click();
    const csv = fs.readFileSync(await (await csvDownload).path(), "utf8");
    expect(csv.split("\n")[0]).toContain("strategy,provider,model");
    await playground.screenshot("export-dialog", dialog);
    expect(playground.consoleErrors).toEqual([]);
  });
});
