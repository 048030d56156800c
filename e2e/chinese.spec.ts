/**
 * The interface in Simplified Chinese, as a reader whose browser asks for it sees it: the browser context's locale
 * is zh-CN (Accept-Language and navigator.language), nothing is chosen by hand. Each view is checked at 1440 and
 * 390 px by real Chinese messages, `<html lang>`, no sideways scroll, no clipped text in the header, the run panel
 * and Settings, axe, and a scan for English left in visible text. E2E_SCREENSHOTS=1 saves each view as
 * test-results/screenshots/chinese-<view>-<width>.png. The header's switch changes the language in place and
 * is remembered on reload.
 *
 * CHINESE_LEFTOVERS=list prints the English leftovers of every view without failing (for views still being
 * translated); by default a leftover fails its view's test. Run one view with `-g "<view>"`.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { englishRuns } from "../lib/i18n/english-leftovers";
import { encodeWorkspace, inlineShareUrl } from "../lib/share";
import { smallScenario } from "./pages/scenarios";
import { seriousAxeFindings } from "./pages/axe";
import { capture, TAKE_SCREENSHOTS } from "./pages/screenshots";

test.use({ locale: "zh-CN" });

const LIST_ONLY = process.env.CHINESE_LEFTOVERS === "list";
/** With E2E_SCREENSHOTS=1 each view is saved as seen, for a person to read the Chinese layout by eye. */
const shot = (name: string) => `test-results/screenshots/chinese-${name}.png`;
const WIDTHS = [1440, 390] as const;

type Tree = { [key: string]: string | Tree };
/** A Chinese message by namespace and dotted key, from the same files the page reads. */
function zh(namespace: string, key: string): string {
  const file = path.join(__dirname, "..", "lib", "i18n", "messages", "zh-CN", `${namespace}.json`);
  let node: string | Tree = JSON.parse(fs.readFileSync(file, "utf8")) as Tree;
  for (const part of key.split(".")) node = (node as Tree)[part];
  if (typeof node !== "string") throw new Error(`no message ${namespace}.${key}`);
  return node;
}

/**
 * Visible text nodes holding two or more consecutive English words (lib/i18n/english-leftovers.ts, the rule the unit
 * tests use too), outside code, Monaco and `[translate="no"]`, under `root` (a CSS selector; the whole page without).
 */
async function englishLeftovers(page: Page, root?: string): Promise<string[]> {
  const texts = await page.evaluate((root) => {
    const skip = "code, pre, kbd, samp, script, style, noscript, template, .monaco-editor, [translate='no']";
    const roots = root ? [...document.querySelectorAll(root)] : [document.body];
    const visible: string[] = [];
    for (const scope of roots) {
      const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const text = node.textContent ?? "";
        if (!parent || !/[A-Za-z]{2}/.test(text) || parent.closest(skip)) continue;
        const style = getComputedStyle(parent);
        const hidden =
          style.visibility === "hidden" ||
          parent.getClientRects().length === 0 ||
          (parent.closest(".sr-only") === null && style.opacity === "0");
        if (!hidden) visible.push(text);
      }
    }
    return visible;
  }, root);
  return [...new Set(texts.flatMap((text) => englishRuns(text)))];
}

/** Text cut by its box: wider than it shows, overflow hidden, and no title to read it whole. */
async function clippedText(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const clipped: string[] = [];
    for (const scope of document.querySelectorAll(selector)) {
      for (const element of [scope, ...scope.querySelectorAll("*")]) {
        if (!(element instanceof HTMLElement) || element.closest(".monaco-editor")) continue;
        const style = getComputedStyle(element);
        if (!["hidden", "clip"].includes(style.overflowX) && style.textOverflow !== "ellipsis") continue;
        // Visually hidden labels (`sr-only`: 1 px, clipped on purpose) are read by screen readers, not seen.
        if (element.clientWidth <= 1 || style.clip === "rect(0px, 0px, 0px, 0px)") continue;
        const ownText = [...element.childNodes].some((child) => child.nodeType === 3 && child.textContent?.trim());
        if (!ownText || element.scrollWidth <= element.clientWidth + 1 || element.title) continue;
        clipped.push(
          `${element.tagName.toLowerCase()}[data-testid=${element.dataset.testid ?? ""}]: ${element.textContent}`,
        );
      }
    }
    return clipped;
  }, selector);
}

/**
 * Layout that only Chinese text shows: a button or badge whose label breaks over two lines ("取" above "消"), and a
 * setting whose words are squeezed into a narrow column beside its control (Chinese may break between any two
 * characters, so a grid gives its column almost no width).
 */
async function squeezedText(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = [];
    for (const scope of document.querySelectorAll(selector)) {
      for (const element of scope.querySelectorAll<HTMLElement>("button, [data-testid$='-badge']")) {
        if (element.getClientRects().length === 0 || !element.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(element);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) found.push(`label on ${lines.size} lines: ${element.textContent}`);
      }
      for (const text of scope.querySelectorAll<HTMLElement>("[data-testid='setting-row-text']")) {
        const row = text.parentElement!.getBoundingClientRect().width;
        const width = text.getBoundingClientRect().width;
        if (row > 0 && width < row * 0.4)
          found.push(
            `setting squeezed to ${Math.round(width)} of ${Math.round(row)} px: ${text.textContent?.slice(0, 40)}`,
          );
      }
    }
    return found;
  }, selector);
}

async function expectNoSidewaysScroll(page: Page, width: number) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `page wider than the ${width} px viewport`,
    })
    .toBeLessThanOrEqual(0);
}

/** Fails on any leftover unless CHINESE_LEFTOVERS=list; lists them per view either way. */
function reportLeftovers(view: string, leftovers: string[]) {
  if (leftovers.length > 0) {
    console.log(`English leftovers in ${view} (${leftovers.length}):\n  ${leftovers.join("\n  ")}`);
    test.info().annotations.push({ type: `leftovers: ${view}`, description: leftovers.join(" | ") });
  }
  if (!LIST_ONLY) expect(leftovers, `English words left in ${view}`).toEqual([]);
}

const ENGLISH_TITLE = "Tool Disclosure Playground";

/**
 * Records, from the first byte of every document, each text node that shows the English app title: the Chinese
 * messages are a chunk of their own, and a page that rendered before they arrived would flash English.
 */
async function watchForEnglishTitle(page: Page) {
  await page.addInitScript((english) => {
    const seen: string[] = [];
    (window as unknown as { englishTitles: string[] }).englishTitles = seen;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.type === "characterData" ? [record.target] : [...record.addedNodes])
          if (node.textContent?.includes(english)) seen.push(node.textContent.slice(0, 80));
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, ENGLISH_TITLE);
}

/** The page is in Chinese and never showed the English title since it started loading. */
async function expectChineseFromTheStart(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.locator("header h1").first()).toHaveText(zh("common", "appTitle"));
  expect(await page.evaluate(() => (window as unknown as { englishTitles: string[] }).englishTitles)).toEqual([]);
}

async function openPlayground(page: Page) {
  await watchForEnglishTitle(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/?example=learning-agent&strategy=naive-dynamic&step=1");
  await expectChineseFromTheStart(page);
  await expect(page.getByTestId("run-status")).toHaveAttribute("data-state", "simulated", { timeout: 180_000 });
  await expect(page.getByTestId("prefix-bar-content")).not.toHaveAttribute("data-detail", "", { timeout: 30_000 });
}

test.describe("Chinese interface", () => {
  test.describe("playground", () => {
    test("run panel, request and cache card, Settings, compare, decide and Learn in Chinese at 1440 and 390 px; the switch works in place", async ({
      page,
    }) => {
      test.setTimeout(300_000);
      await openPlayground(page);
      // The example picker names the examples as the header does.
      await expect(page.getByTestId("example-picker").locator("option:checked")).toHaveText(
        zh("catalog", "examples.learning-agent.title"),
      );
      const leftovers = new Map<string, Set<string>>();
      const collect = async (view: string, root: string) => {
        const found = leftovers.get(view) ?? new Set<string>();
        for (const text of await englishLeftovers(page, root)) found.add(text);
        leftovers.set(view, found);
      };

      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await test.step(`run panel at ${width} px`, async () => {
          await page.locator("#section-run").scrollIntoViewIfNeeded();
          await expect(page.getByTestId("prefix-legend").getByText(zh("cache", "status.read.label"))).toBeVisible();
          await expect(page.getByText(zh("run", "request.copyAs"), { exact: true })).toBeVisible();
          await expect(page.getByTestId("cache-headline")).toHaveText(/\p{Script=Han}/u);
          await expectNoSidewaysScroll(page, width);
          expect(await clippedText(page, "header, #section-run"), "clipped text").toEqual([]);
          await collect("header", "header");
          if (TAKE_SCREENSHOTS) await capture(page, shot(`run-${width}`));
          await collect("run panel", "#section-run");
        });
        await test.step(`Settings (assumptions, provider limits, prices) at ${width} px`, async () => {
          // The side panel's Settings tab on the same page: the model tables' sources are Chinese messages.
          await page.locator("#section-inputs").scrollIntoViewIfNeeded();
          await page.getByTestId("side-tab-settings").click();
          const settings = page.locator("#side-panel-settings");
          await expect(settings.getByTestId("assumptions")).toContainText(
            zh("models", "facts.assumption.anthropic-bm25-input-key"),
          );
          await settings.getByTestId("limit-settings").scrollIntoViewIfNeeded();
          await expect(settings.getByTestId("limit-settings")).toContainText(zh("settings", "limits.title"));
          await settings.getByTestId("price-settings").scrollIntoViewIfNeeded();
          await expectNoSidewaysScroll(page, width);
          expect(await clippedText(page, "#side-panel-settings"), "clipped text").toEqual([]);
          expect(await squeezedText(page, "#side-panel-settings"), "squeezed text").toEqual([]);
          await collect("Settings", "#side-panel-settings");
          if (TAKE_SCREENSHOTS) {
            await capture(page.locator("#section-inputs"), shot(`settings-limits-${width}`));
            await settings.getByTestId("assumptions").scrollIntoViewIfNeeded();
            await capture(page.locator("#section-inputs"), shot(`settings-assumptions-${width}`));
          }
        });
        await test.step(`compare and decide at ${width} px`, async () => {
          await page.locator("#section-compare").scrollIntoViewIfNeeded();
          await expect(page.getByTestId("compare-strategy-header")).toHaveText(zh("run", "compare.strategy"));
          await page.locator("#section-decide").scrollIntoViewIfNeeded();
          await expect(page.getByTestId("decide-status")).toHaveAttribute("data-state", "ready", { timeout: 90_000 });
          await expectNoSidewaysScroll(page, width);
          await collect("compare", "#section-compare");
          await collect("charts", "#section-charts");
          await collect("decide", "#section-decide");
          if (TAKE_SCREENSHOTS) await capture(page, shot(`decide-${width}`));
        });
        await test.step(`Learn at ${width} px`, async () => {
          await page.locator("#section-learn").scrollIntoViewIfNeeded();
          await expect(page.getByTestId("learn-card").first()).toContainText(zh("run", "learn.sends"));
          await expectNoSidewaysScroll(page, width);
          await collect("Learn", "#section-learn");
          if (TAKE_SCREENSHOTS) await capture(page, shot(`learn-${width}`));
          await collect("rest of the page", "body");
        });
      }
      expect(await seriousAxeFindings(page), "axe").toEqual([]);

      await test.step("the header's switch changes the language in place and is remembered", async () => {
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.getByTestId("strategy-picker").selectOption("gateway");
        await page.keyboard.press("End");
        const digits = async () =>
          ((await page.getByTestId("stepper-position").textContent()) ?? "").replace(/\D+/g, " ").trim();
        const position = await digits();
        await page.evaluate(() => ((window as unknown as { keptPage: boolean }).keptPage = true));
        await page.getByTestId("locale-switch").selectOption("en");
        await expect(page.locator("html")).toHaveAttribute("lang", "en");
        await expect(page.getByTestId("compare-strategy-header")).toHaveText("Strategy");
        // No reload: the page's own state and the person's choice are still there.
        expect(await page.evaluate(() => (window as unknown as { keptPage?: boolean }).keptPage)).toBe(true);
        await expect(page.getByTestId("strategy-picker")).toHaveValue("gateway");
        expect(await digits()).toBe(position);
        await page.reload();
        await expect(page.locator("html")).toHaveAttribute("lang", "en");
        await expect(page.getByTestId("compare-strategy-header")).toHaveText("Strategy");
        await page.getByTestId("locale-switch").selectOption("zh-CN");
        await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
        await expect(page.getByTestId("compare-strategy-header")).toHaveText(zh("run", "compare.strategy"));
        await page.reload();
        await expectChineseFromTheStart(page);
      });

      await test.step("a share link opens in the reader's language, Chinese from the first paint", async () => {
        // No remembered choice: the browser's languages decide.
        await page.context().clearCookies({ name: "playground-locale" });
        // A new document, not a fragment change on the open one.
        await page.goto("about:blank");
        await page.goto(inlineShareUrl("/", encodeWorkspace({ scenario: smallScenario() }).payload));
        await expectChineseFromTheStart(page);
        await expect(page.getByTestId("run-status")).toHaveAttribute("data-state", "simulated", { timeout: 180_000 });
        await expect(page.getByTestId("run-status")).toHaveText(/\p{Script=Han}/u);
      });

      // The page's text outside the named views (dialogs' triggers, the footer, …) is listed apart.
      const named = [...leftovers].filter(([view]) => view !== "rest of the page").flatMap(([, found]) => [...found]);
      const rest = [...(leftovers.get("rest of the page") ?? [])].filter((text) => !named.includes(text));
      leftovers.set("rest of the page", new Set(rest));
      for (const [view, found] of leftovers) reportLeftovers(view, [...found]);
    });
  });

  for (const view of [
    { name: "lab", url: "/lab", ready: "lab-status" },
    { name: "tap", url: "/tap", ready: "tap-view" },
  ]) {
    test.describe(view.name, () => {
      test(`${view.name} in Chinese at 1440 and 390 px`, async ({ page }) => {
        test.setTimeout(180_000);
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.goto(view.url);
        await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
        await expect(page.getByTestId(view.ready)).toBeVisible({ timeout: 90_000 });
        if (view.name === "lab")
          await expect(page.getByTestId("lab-status")).toHaveAttribute("data-state", "ready", { timeout: 90_000 });
        const found = new Set<string>();
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await expectNoSidewaysScroll(page, width);
          expect(await clippedText(page, "header"), "clipped text in the header").toEqual([]);
          for (const text of await englishLeftovers(page)) found.add(text);
          if (TAKE_SCREENSHOTS) await capture(page, shot(`${view.name}-${width}`));
        }
        expect(await seriousAxeFindings(page), "axe").toEqual([]);
        reportLeftovers(view.name, [...found]);
      });
    });
  }
});
