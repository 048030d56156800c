/**
 * Import a trace from the page, against the production build: drop a HAR on the trace dialog, step through its
 * requests, read the named miss (the changed instructions), and open the replay in the playground.
 */
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { FIXTURE_OPENAI_KEY } from "../lib/trace/fixtures/build-fixtures";
import { PlaygroundPage } from "./pages/playground-page";

test.describe("import a trace", () => {
  test.setTimeout(180_000);

  test("a dropped HAR is explained request by request, its miss named, and its replay opens", async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open("weather");
    await page.getByTestId("scenario-menu").click();
    await page.getByTestId("menu-trace").click();
    const dialog = page.getByTestId("trace-dialog");
    await expect(dialog.getByTestId("trace-help")).toContainText("Save all as HAR");

    const har = fs.readFileSync("lib/trace/fixtures/openai-responses-instructions.har", "utf8");
    expect(har).toContain(FIXTURE_OPENAI_KEY);
    const dataTransfer = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], "agent.har", { type: "application/json" }));
      return transfer;
    }, har);
    await dialog.getByTestId("trace-drop-zone").dispatchEvent("drop", { dataTransfer });

    await expect(dialog.getByTestId("trace-heading")).toContainText("agent.har: 4 requests to OpenAI Responses");
    await expect(dialog.getByTestId("trace-notes")).toContainText("1 HAR entry is not a model request");
    await expect(dialog.getByTestId("trace-explanation")).toHaveAttribute("data-cause", "cold-start");
    await expect(dialog.getByTestId("trace-prefix-bar").locator("[data-status]").first()).toBeVisible();

    // Step through: the second request reads what the first cached, the third misses because the date changed.
    await dialog.getByTestId("trace-next").click();
    await expect(dialog.getByTestId("trace-position")).toHaveText("2 / 4");
    await expect(dialog.getByTestId("trace-explanation")).toHaveAttribute("data-cause", "none");
    await expect(dialog.getByTestId("trace-figures")).toContainText("cache read");
    await dialog.getByTestId("trace-next").click();
    const explanation = dialog.getByTestId("trace-explanation");
    await expect(explanation).toHaveAttribute("data-cause", "system-changed");
    await expect(explanation).toContainText('The instructions changed ("2026-11-30" → "2026-12-01")');
    await expect(dialog.getByTestId("trace-changed-text").locator("mark").last()).toHaveText("2026-12-01");
    await expect(dialog.getByTestId("trace-step-2")).toHaveAttribute("data-cause", "system-changed");
    await expect(dialog.getByTestId("trace-losses")).toContainText("system prompt or instructions changed");
    await playground.screenshot("trace-named-miss", dialog);

    // On a phone the named cause is whole (it wraps under the title), and the cost cells do not run together.
    await page.setViewportSize({ width: 390, height: 844 });
    const badge = dialog.getByTestId("trace-step-2").getByText("system prompt or instructions changed");
    await expect(badge).toBeVisible();
    // Whole inside the list's box, which clips what overflows it (a cut badge read "system prompt or instruct").
    const overhang = await badge.evaluate((element) => {
      const list = element.closest("ol") as HTMLElement;
      return (
        element.getBoundingClientRect().right -
        list.getBoundingClientRect().right +
        element.scrollWidth -
        element.clientWidth
      );
    });
    expect(overhang).toBeLessThanOrEqual(0);
    const costGap = await dialog
      .getByTestId("trace-figures")
      .locator("tr", { hasText: "cost" })
      .evaluate((row) => {
        const [predicted, measured] = [...row.querySelectorAll("td")].slice(1, 3).map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return range.getBoundingClientRect();
        });
        return measured.left - predicted.right;
      });
    expect(costGap).toBeGreaterThanOrEqual(8);
    await page.setViewportSize({ width: 1440, height: 900 });
    // The key the HAR carried is nowhere on the page.
    expect(await page.content()).not.toContain(FIXTURE_OPENAI_KEY);

    await expect(dialog.getByTestId("trace-replay-sentence")).toContainText("Your agent, as recorded:");
    await expect(dialog.getByTestId("trace-replay-sentence")).toContainText("Under the gateway:");
    await expect(dialog.getByTestId("trace-replay-sentence")).toContainText("Under tool search:");
    await dialog.getByTestId("trace-open-replay").click();
    await expect(dialog).not.toBeVisible();
    await expect(page.getByTestId("scenario-title")).toContainText("Trace agent.har");
    await expect(page.getByTestId("workspace-notice")).toContainText("Opened the replay of agent.har");
    await playground.waitForRun();
    await playground.screenshot("trace-replay-opened");
  });

  test("a file that is not a trace says why, and the dialog takes another", async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open("weather");
    await page.getByTestId("scenario-menu").click();
    await page.getByTestId("menu-trace").click();
    const dialog = page.getByTestId("trace-dialog");
    await dialog.getByTestId("trace-file-input").setInputFiles({
      name: "notes.jsonl",
      mimeType: "application/json",
      buffer: Buffer.from("just some notes\nnot json either\n"),
    });
    await expect(dialog.getByTestId("trace-error")).toContainText(
      "notes.jsonl could not be imported. not a HAR file or JSON Lines: line 1 is not JSON",
    );
    await expect(dialog.getByTestId("trace-drop-zone")).toBeVisible();

    // A Claude Code transcript records the conversation, not the requests: named, with how to capture a trace.
    const transcript = [
      { type: "user", sessionId: "s1", uuid: "u1", message: { role: "user", content: "fix the tests" } },
      { type: "assistant", sessionId: "s1", uuid: "u2", message: { role: "assistant", content: [] } },
    ];
    await dialog.getByTestId("trace-file-input").setInputFiles({
      name: "session.jsonl",
      mimeType: "application/json",
      buffer: Buffer.from(transcript.map((line) => JSON.stringify(line)).join("\n")),
    });
    const error = dialog.getByTestId("trace-error");
    await expect(error).toContainText("session.jsonl could not be imported. this is a Claude Code session transcript");
    await expect(error).toContainText("mitmproxy");
    await expect(dialog.getByTestId("trace-help-not-traces")).toContainText("Claude Code transcript");
  });
});
