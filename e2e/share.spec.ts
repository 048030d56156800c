/**
 * Sharing and local work against the production build: the page-level flows (share dialog, links opened in a
 * fresh browser, broken links, short links, autosave, saved scenarios) and the routes' guard.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { PlaygroundPage } from "./pages/playground-page";
import { seed200ToolsScenario } from "../lib/examples/synthetic-examples";
import { decodeSharePayload, encodeWorkspace } from "../lib/share";
import { serializeScenario } from "../lib/scenario";
import { smallScenario } from "./pages/scenarios";
import { ShareApi } from "./pages/share-api";

const TOKEN_HEADER = "x-playground-token";

test.describe("request guard", () => {
  test("the page is refused to a DNS-rebinding Host, so its token cannot be read", async ({ request }) => {
    const rebinding = await request.get("/", {
      headers: { host: "rebind.attacker.example:3107" },
      failOnStatusCode: false,
    });
    expect(rebinding.status()).toBe(403);
    expect(await rebinding.text()).not.toContain("playground-token");
    const api = await request.post("/api/share", {
      data: {},
      headers: { host: "rebind.attacker.example:3107" },
      failOnStatusCode: false,
    });
    expect(api.status()).toBe(403);
  });

  test("the API refuses calls without the page token or from another origin", async ({ request }) => {
    const api = new ShareApi(request);
    const { payload } = encodeWorkspace({ scenario: smallScenario() });
    const withoutToken = await api.store(payload, {});
    expect(withoutToken.status()).toBe(403);
    expect(await withoutToken.json()).toMatchObject({ error: { code: "missing_token" } });

    const token = await api.pageToken();
    const foreign = await api.store(payload, { [TOKEN_HEADER]: token, origin: "https://attacker.example" });
    expect(foreign.status()).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: { code: "origin_not_allowed" } });

    const stdio = await api.importMcp(
      { transport: "stdio", command: "node", args: ["-e", "1"] },
      { [TOKEN_HEADER]: token },
    );
    expect(stdio.status()).toBe(403);
    expect(await stdio.json()).toMatchObject({ error: { code: "stdio_disabled" } });
  });
});

test.describe("short links", () => {
  test("round-trip a scenario too big for a link (200 tools) through the SQLite store", async ({
    request,
    baseURL,
  }) => {
    const api = new ShareApi(request);
    const token = await api.pageToken();
    const scenario = await seed200ToolsScenario();
    const { payload } = encodeWorkspace({ scenario, strategyId: "gateway", stepIndex: 3, forceProvider: false });
    const headers = { [TOKEN_HEADER]: token, origin: new URL(baseURL!).origin };

    const stored = await api.store(payload, headers);
    expect([200, 201]).toContain(stored.status());
    const { id } = (await stored.json()) as { id: string };
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const again = await api.store(payload, headers);
    expect(again.status()).toBe(200);
    expect(await again.json()).toEqual({ id });

    const fetched = await api.fetch(id, { [TOKEN_HEADER]: token });
    expect(fetched.status()).toBe(200);
    const decoded = decodeSharePayload(((await fetched.json()) as { payload: string }).payload);
    if (!decoded.ok) throw new Error(decoded.error.message);
    expect(serializeScenario(decoded.workspace.scenario)).toBe(serializeScenario(scenario));
    expect(decoded.workspace).toMatchObject({ strategyId: "gateway", stepIndex: 3 });

    expect((await api.fetch("AAAAAAAAAAAAAAAAAAAAAA", { [TOKEN_HEADER]: token })).status()).toBe(404);
  });
});

/** What "the same scenario, step and diff" means on screen. */
async function visibleState(page: Page) {
  const playground = new PlaygroundPage(page);
  await playground.waitForRun();
  return {
    title: await page.getByTestId("scenario-title").textContent(),
    strategy: await page.getByTestId("strategy-picker").inputValue(),
    step: await playground.stepPosition.textContent(),
    detail: await playground.prefixBarContent.getAttribute("data-detail"),
    segments: await playground.prefixBarContent
      .locator("[data-testid=prefix-segment]")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-status"))),
    summary: await page.getByTestId("step-summary-panel").innerText(),
    tools: await page
      .getByTestId("tool-row")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-tool"))),
  };
}

async function shareLink(page: Page): Promise<string> {
  await page.getByTestId("share-open").click();
  const link = page.getByTestId("share-link");
  await expect(link).toHaveValue(/#s=/);
  const value = await link.inputValue();
  await page.getByTestId("share-dialog").getByRole("button", { name: "Close" }).click();
  return value;
}

async function openInFreshContext(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const playground = new PlaygroundPage(page);
  await page.goto(url);
  return { context, page, playground };
}

test.describe("sharing from the page", () => {
  test.setTimeout(240_000);

  test("a link opened in a fresh browser shows the same catalog, strategy, step and diff", async ({
    page,
    browser,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const playground = new PlaygroundPage(page);
    await playground.open("learning-agent");
    await playground.selectStrategy("naive-dynamic");
    await playground.waitForRun();
    await playground.focusPage();
    for (let step = 0; step < 3; step += 1) await page.keyboard.press("ArrowRight");
    await playground.waitForStep("naive-dynamic", 3);
    const before = await visibleState(page);
    // Copied the way a person copies it: the dialog's Copy link button, then the clipboard.
    await page.getByTestId("share-open").click();
    await expect(page.getByTestId("share-link")).toHaveValue(/#s=/);
    await page.getByTestId("share-copy-link").click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(await page.getByTestId("share-link").inputValue());
    expect(link.length).toBeLessThan(8_000);
    await page.getByTestId("share-dialog").getByRole("button", { name: "Close" }).click();

    const fresh = await openInFreshContext(browser, link);
    await expect(fresh.page.getByTestId("scenario-title")).toContainText("Learning agent");
    await fresh.playground.waitForStep("naive-dynamic", 3);
    expect(await visibleState(fresh.page)).toEqual(before);
    // The fragment is dropped once opened: a reload shows the (autosaved) work, not the link again.
    expect(new URL(fresh.page.url()).hash).toBe("");
    expect(fresh.playground.externalRequests).toEqual([]);
    expect(fresh.playground.consoleErrors).toEqual([]);
    await fresh.context.close();
  });

  test("a corrupted link shows why and leaves the previous work as it was", async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open("weather");
    await playground.selectStrategy("gateway");
    await playground.waitForRun();
    const before = await visibleState(page);
    const link = await shareLink(page);
    const corrupted = link.slice(0, link.indexOf("#s=") + 3) + "AAAA" + link.slice(link.indexOf("#s=") + 40);

    // Pasted into the open tab (hashchange).
    await page.goto(corrupted);
    await expect(page.getByTestId("share-link-error")).toBeVisible();
    await expect(page.getByTestId("share-link-error")).toContainText("could not be opened");
    expect(await visibleState(page)).toEqual(before);

    // Opened by a fresh load: the autosaved work comes back, with the same message.
    await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
    await page.reload();
    await expect(page.getByTestId("share-link-error")).toContainText("autosaved work is shown instead");
    expect(await visibleState(page)).toEqual(before);
    await playground.screenshot("share-link-error");
    expect(playground.consoleErrors).toEqual([]);
  });

  test("a 362-tool scenario is too long for a link: the short link round-trips through the server's store", async ({
    page,
    browser,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open("mixed-mcp");
    await page.getByTestId("share-open").click();
    await expect(page.getByTestId("share-link-size")).toHaveAttribute("data-verdict", "too-long", { timeout: 30_000 });
    await playground.screenshot("share-dialog", page.getByTestId("share-dialog"));
    await page.getByTestId("share-create-short-link").click();
    const short = page.getByTestId("share-short-link");
    await expect(short).toHaveValue(/#id=[A-Za-z0-9_-]{22}$/);
    const url = await short.inputValue();

    const fresh = await openInFreshContext(browser, url);
    await expect(fresh.page.getByTestId("scenario-title")).toContainText("362", { timeout: 60_000 });
    await expect(fresh.page.getByTestId("scenario-title")).toContainText("24 MCP servers");
    expect(fresh.playground.externalRequests).toEqual([]);
    await fresh.context.close();
  });

  test("the work autosaves and comes back after a reload; saved scenarios open, rename, duplicate and delete", async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open("weather");
    await playground.selectStrategy("stubs");
    await playground.waitForRun();
    await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
    expect(new URL(page.url()).search).toBe("");
    await page.reload();
    await playground.waitForRun();
    await expect(page.getByTestId("strategy-picker")).toHaveValue("stubs");
    await expect(page.getByTestId("scenario-title")).toContainText("Weather");

    await page.getByTestId("scenario-menu").click();
    await page.getByTestId("menu-saved").click();
    const dialog = page.getByTestId("saved-dialog");
    await dialog.getByTestId("saved-name").fill("My weather study");
    await dialog.getByTestId("saved-save").click();
    await expect(dialog.getByTestId("saved-entry")).toHaveCount(1);
    const entry = dialog.getByTestId("saved-entry").first();
    await entry.getByRole("button", { name: "Rename" }).click();
    await entry.getByLabel("New name").fill("Renamed study");
    await entry.getByRole("button", { name: "OK" }).click();
    await expect(dialog.getByTestId("saved-entry").first()).toContainText("Renamed study");
    await dialog.getByTestId("saved-entry").first().getByRole("button", { name: "Duplicate" }).click();
    await expect(dialog.getByTestId("saved-entry")).toHaveCount(2);
    page.once("dialog", (confirm) => void confirm.accept());
    await dialog
      .getByTestId("saved-entry")
      .filter({ hasText: "(copy)" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(dialog.getByTestId("saved-entry")).toHaveCount(1);
    await playground.screenshot("saved-scenarios", dialog);
    await dialog.getByRole("button", { name: "Close" }).click();

    // Another example replaces the work; the saved one opens it again.
    await page.getByTestId("example-picker").selectOption("learning-agent");
    await expect(page.getByTestId("scenario-title")).toContainText("Learning agent");
    await page.getByTestId("scenario-menu").click();
    await page.getByTestId("menu-saved").click();
    await dialog.getByTestId("saved-entry").first().getByRole("button", { name: "Open" }).click();
    await expect(page.getByTestId("scenario-title")).toContainText("Weather");
    await expect(page.getByTestId("strategy-picker")).toHaveValue("stubs");
    expect(playground.consoleErrors).toEqual([]);
  });
});
