/**
 * Live mode against the local fake provider (test/fake-provider, started by playwright.config.ts, which also
 * points the app at it with PLAYGROUND_TEST_PROVIDER_BASE_URL and logs to PLAYGROUND_LIVE_LOG_FILE). Nothing here
 * reaches a real provider.
 */
import fs, { existsSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { decodeSharePayload, parseShareFragment } from "../lib/share";
import { FAKE_PROVIDER_URL, LivePanel } from "./pages/live-panel";
import { PlaygroundPage } from "./pages/playground-page";
import { capture } from "./pages/screenshots";

const KEY = "sk-e2e-pasted-live-key-7f3a9c21";
const LOG_FILE = process.env.PLAYGROUND_LIVE_LOG_FILE ?? "test-results/live-server.log";

async function openLive(page: import("@playwright/test").Page, request: import("@playwright/test").APIRequestContext) {
  const playground = new PlaygroundPage(page);
  await playground.open("weather");
  await playground.selectStrategy("full");
  const live = new LivePanel(page, request);
  await live.resetFake();
  await live.show();
  return { playground, live };
}

test.describe("live mode", () => {
  test("a live run with a pasted key: the real transcript, measured beside predicted", async ({ page, request }) => {
    const { playground, live } = await openLive(page, request);
    await live.pasteKey(KEY);
    await expect(page.getByTestId("live-key-status")).toContainText("Held in this tab only");
    await live.run();
    await live.waitForStatus("done");

    // The fake model calls a tool, then answers, for each of the two turns.
    await expect(live.rows).toHaveCount(4);
    const input = await live.figures("input");
    for (const row of input) {
      expect(row.measured).toBeGreaterThan(0);
      expect(row.difference).toBe(row.measured - row.predicted);
    }
    await expect(page.getByTestId("live-comparison-total")).toBeVisible();
    // The stepper walks the live transcript, and the tokens chart overlays the measured input on the prediction.
    await expect(page.getByTestId("stepper-panel")).toHaveAttribute("data-source", "live");
    await expect(page.getByTestId("stepper-position")).toContainText("of 4");
    await fs.promises.mkdir("test-results/screenshots", { recursive: true });
    await capture(live.root, "test-results/screenshots/live-run.png");
    const chart = page.getByTestId("chart-panel-tokens");
    await chart.scrollIntoViewIfNeeded();
    await expect(chart).toContainText("Measured input");
    await capture(chart, "test-results/screenshots/live-chart.png");

    // The key reached the provider, and only the provider.
    const sent = await live.fakeRequests();
    expect(sent.length).toBe(4);
    for (const item of sent)
      expect(`${item.headers.authorization ?? ""} ${item.headers["x-api-key"] ?? ""}`).toContain(KEY);

    // Count exactly asks the provider's counting endpoint for one request.
    await live.rows.first().getByTestId("live-count-exactly").click();
    await expect(live.rows.first().getByTestId("live-exact")).toHaveAttribute("data-value", /^\d+$/);
    expect(playground.externalRequests).toEqual([]);
  });

  test("a 429 then a successful Retry: the run resumes from the failed request and nothing is lost", async ({
    page,
    request,
  }) => {
    const { live } = await openLive(page, request);
    await live.pasteKey(KEY);
    await live.enqueue({ kind: "error", status: 429, retryAfter: 2, match: "/v1/messages", after: 1 });
    await live.run();
    await live.waitForStatus("failed");

    await expect(live.error).toHaveAttribute("data-code", "provider_rate_limited");
    await expect(page.getByTestId("live-error-title")).toContainText("429");
    await expect(page.getByTestId("live-error-retry-after")).toHaveAttribute("data-value", "2");
    await expect(live.rows).toHaveCount(1);
    const before = await live.figures("input");

    const retry = page.getByTestId("live-retry-button");
    await expect(retry).toBeEnabled({ timeout: 5_000 });
    await retry.click();
    await live.waitForStatus("done");
    await expect(live.error).toHaveCount(0);
    await expect(live.rows).toHaveCount(4);
    expect((await live.figures("input"))[0]).toEqual(before[0]);
    // Five provider calls: the 429 and the resent request are both there, nothing else was repeated.
    const sent = (await live.fakeRequests()).filter((item) => item.path === "/v1/messages");
    expect(sent).toHaveLength(5);
    expect(JSON.stringify(sent[1].body)).toBe(JSON.stringify(sent[2].body));
  });

  test("Stop ends a streaming request and keeps what arrived; Retry resumes from that request", async ({
    page,
    request,
  }) => {
    const { live } = await openLive(page, request);
    await live.pasteKey(KEY);
    // The second request streams slowly: its events arrive half a second apart.
    await live.enqueue({ kind: "slow", delayMs: 500, match: "/v1/messages", after: 1 });
    await live.run();
    await expect(live.rows).toHaveCount(1);
    await expect(page.getByTestId("live-stream")).toHaveAttribute("data-streaming", "true");
    await expect(page.getByTestId("live-stream-part").first()).toBeVisible();
    await page.getByTestId("live-stop-button").click();
    await live.waitForStatus("stopped");
    // The finished request stays, and so does the part of the reply that had streamed in.
    await expect(live.rows).toHaveCount(1);
    await expect(page.getByTestId("live-stream")).toHaveAttribute("data-interrupted", "stopped");
    await expect(page.getByTestId("live-stream-part").first()).toBeVisible();
    await page.getByTestId("live-retry-button").click();
    await live.waitForStatus("done");
    await expect(live.rows).toHaveCount(4);
  });

  test("the key is in no answer, log line, share link or storage entry", async ({ page, request }) => {
    // Every answer of the app's API passes through here whole (the browser keeps no body of a streamed fetch).
    const answers: string[] = [];
    await page.route("**/api/**", async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      answers.push(`${route.request().url()} ${JSON.stringify(response.headers())}\n${body}`);
      await route.fulfill({ response, body });
    });
    const { live } = await openLive(page, request);
    await live.pasteKey(KEY);
    await live.enqueue({
      kind: "error",
      status: 401,
      message: `Incorrect API key provided: ${KEY}`,
      match: "/v1/messages",
      after: 1,
    });
    await live.run();
    await live.waitForStatus("failed");
    await expect(page.getByTestId("live-error-message")).not.toContainText(KEY);
    await page.getByTestId("live-retry-button").click();
    await live.waitForStatus("done");

    // Answers from the app's own API: the status, the failed request, the retry and the rest of the run.
    expect(answers.filter((answer) => answer.includes("/api/live/send")).length).toBeGreaterThanOrEqual(5);
    for (const answer of answers) expect(answer).not.toContain(KEY);

    // Storage: nothing unless "remember on this device" is ticked, and then only its own entry, removed on untick.
    const storage = () =>
      page.evaluate(() => JSON.stringify({ local: { ...window.localStorage }, session: { ...window.sessionStorage } }));
    expect(await storage()).not.toContain(KEY);
    expect(await page.evaluate(() => document.cookie)).not.toContain(KEY);
    await live.remember.check();
    expect(await page.evaluate(() => window.localStorage.getItem("tool-disclosure-playground:live-keys"))).toContain(
      KEY,
    );
    await live.remember.uncheck();
    expect(await storage()).not.toContain(KEY);

    // The share link: neither the URL nor the decoded link carries the key.
    expect(page.url()).not.toContain(KEY);
    // The page's Share button (test id `share-open`) opens the share dialog with the link.
    await page.getByTestId("share-open").click();
    const link = await page.getByTestId("share-link").inputValue();
    const fragment = parseShareFragment(new URL(link).hash);
    expect(fragment.kind).toBe("inline");
    const decoded = fragment.kind === "inline" ? decodeSharePayload(fragment.payload) : null;
    expect(decoded?.ok).toBe(true);
    expect(`${link}\n${JSON.stringify(decoded)}`).not.toContain(KEY);

    // The server's log lines (written with PLAYGROUND_LIVE_LOG_FILE).
    expect(existsSync(LOG_FILE)).toBe(true);
    const log = readFileSync(LOG_FILE, "utf8");
    expect(log).toContain('"event":"live.send"');
    expect(log).not.toContain(KEY);
  });

  test("the model 'OpenAI-compatible server': the person types their server's base URL, no key is asked, nothing goes to OpenAI", async ({
    page,
    request,
  }) => {
    const { live } = await openLive(page, request);
    await page.getByTestId("model-picker").selectOption("openai-chat|openai-compatible");
    await live.show();
    await expect(live.root.getByText("OpenAI-compatible server key (optional)")).toBeVisible();
    await expect(live.root.getByText("OpenAI API key", { exact: true })).toHaveCount(0);
    await expect(page.getByTestId("live-key-status")).toContainText("take no key");
    // The official API is not offered for it; the base URL field is, on this loopback-only server.
    const kinds = await page.getByTestId("live-endpoint-kind").locator("option").allTextContents();
    expect(kinds).not.toContain("Official API");
    await expect(page.getByTestId("live-run-button")).toBeDisabled();
    await expect(live.root.getByText("type your server's base URL first")).toBeVisible();
    await page.getByTestId("live-base-url").fill(`${FAKE_PROVIDER_URL}/compatible/v1`);
    await page.getByTestId("live-wire-model").fill("llama3.1:8b");
    await live.run();
    await live.waitForStatus("done");
    const sent = await live.fakeRequests();
    expect(sent.length).toBeGreaterThan(0);
    for (const item of sent) {
      expect(item.path).toBe("/compatible/v1/chat/completions");
      expect((item.body as { model: string }).model).toBe("llama3.1:8b");
      expect(item.headers.authorization).toBe("Bearer no-key");
    }
  });
});
