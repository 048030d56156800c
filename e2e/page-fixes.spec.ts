/**
 * The page as a new user meets it: the section navigation lights the section being read, the
 * phone's Scenario menu and catalog editor are reachable, the first figures are on a phone's first screen, the
 * header's subtitle is whole, the trace dialog shows the recorded request, choosing a model is not an edit, the
 * catalog's o200k total says why the run reads more, the request view marks the catalog's (third-party) text, and
 * the tour never spotlights a card that is still loading.
 */
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { PlaygroundPage } from "./pages/playground-page";
import { capture } from "./pages/screenshots";

const SHOTS = "test-results/screenshots";

async function settle(page: Page) {
  // Smooth scrolling ends within a second; wait until the page stops moving.
  let last = -1;
  for (let tries = 0; tries < 40; tries += 1) {
    const now = await page.evaluate(() => window.scrollY);
    if (now === last) return;
    last = now;
    await page.waitForTimeout(150);
  }
}

test.describe("the page", () => {
  test.setTimeout(240_000);
  let playground: PlaygroundPage;

  test.beforeEach(async ({ page }) => {
    playground = new PlaygroundPage(page);
    fs.mkdirSync(SHOTS, { recursive: true });
  });

  test.afterEach(() => {
    expect(playground.externalRequests, "no request may leave localhost").toEqual([]);
  });

  test("the section navigation lights the section a click scrolled to, not the one before it", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await playground.open("weather");
    const nav = page.getByTestId("section-nav");
    const lit = nav.locator('[aria-current="true"]');
    // Where a clicked section lands: its top just under the bar, which sticks under the header (two rows at 1440 px:
    // a bar at a fixed offset was under it, and a click on it hit the header's pickers).
    const bars = () =>
      page.evaluate(() => ({
        header: document.querySelector("header")!.getBoundingClientRect().bottom,
        nav: document.querySelector('[data-testid="section-nav"]')!.getBoundingClientRect(),
      }));
    const landed = async (label: string) => {
      await expect(lit, `after clicking ${label}`).toHaveText(label);
      const id = `section-${label.toLowerCase()}`;
      // Retried for a few seconds: on a loaded machine a smooth scroll can stall for longer than `settle` looks, and
      // the correction after a section above grows comes a frame later. A page that never corrects still fails.
      await expect(async () => {
        const top = await page.evaluate((id) => document.getElementById(id)!.getBoundingClientRect().top, id);
        const { header, nav } = await bars();
        expect(nav.top, "the bar sticks below the header, not under it").toBeGreaterThanOrEqual(header - 1);
        expect(top, `${label}'s top after the click`).toBeGreaterThanOrEqual(nav.bottom + 10);
        expect(top, `${label}'s top after the click`).toBeLessThanOrEqual(nav.bottom + 26);
      }).toPass({ timeout: 5_000 });
    };
    for (const label of ["Compare", "Decide", "Charts"]) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await settle(page);
      await landed(label);
    }
    // A section above the one clicked still grows after the click (the decide views replace their placeholder after
    // the first run and grow again when their figures arrive): a smooth scroll aimed at where Learn was would end
    // inside Decide. Grown while the scroll from Charts runs, then again once the page is still, Learn stays where
    // the click put it.
    const growDecide = (px: number) =>
      page.evaluate((px) => {
        const decide = document.getElementById("section-decide")!;
        decide.style.paddingBottom = `${(parseFloat(decide.style.paddingBottom) || 0) + px}px`;
      }, px);
    await nav.getByRole("link", { name: "Learn", exact: true }).click();
    await growDecide(1500);
    await settle(page);
    await landed("Learn");
    await growDecide(1500);
    await settle(page);
    await landed("Learn");
    await page.evaluate(() => (document.getElementById("section-decide")!.style.paddingBottom = ""));
    await nav.getByRole("link", { name: "Run", exact: true }).click();
    await settle(page);
    await landed("Run");
    // Scrolling by hand follows too, and takes over from the click: the wheel (over the bar, where the pointer is)
    // brings the Compare table's top just under the bar, which lights Compare.
    const compareTop = await page.evaluate(
      () => document.getElementById("section-compare")!.getBoundingClientRect().top,
    );
    await page.mouse.wheel(0, compareTop - ((await bars()).nav.bottom + 20));
    await settle(page);
    await expect(lit).toHaveText("Compare");
    // The wheel took over from the last click: the charts growing now move what is under a still page, not the page
    // back to Run, and the bar follows what the reading line is on.
    await page.evaluate(() => (document.getElementById("section-charts")!.style.paddingBottom = "1500px"));
    await expect(lit).toHaveText("Charts");
  });

  test("at 1440 px the header's subtitle is whole", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await playground.open("weather");
    const subtitle = page.getByTestId("header-subtitle");
    await expect(subtitle).toContainText("tools");
    const cut = await subtitle.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(cut, "the subtitle is cut").toBeLessThanOrEqual(0);
    const box = (await subtitle.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1440);
  });

  test("on a phone: the Scenario menu opens on screen, the catalog editor has a section entry, the first figures are on the first screen", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await playground.open("weather");
    await page.evaluate(() => window.scrollTo(0, 0));
    // The cache card's figures are on the first screen.
    const summary = page.getByTestId("step-summary-panel");
    const summaryTop = await summary.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    expect(summaryTop, "the first figures start below the fold").toBeLessThan(844 - 60);

    await page.getByTestId("scenario-menu").click();
    const menu = page.getByTestId("scenario-menu-list");
    await expect(menu).toBeVisible();
    const menuBox = (await menu.boundingBox())!;
    expect(menuBox.x, "the menu's left edge is on screen").toBeGreaterThanOrEqual(0);
    expect(menuBox.x + menuBox.width, "the menu's right edge is on screen").toBeLessThanOrEqual(390);
    for (const name of ["Import…", "Import a trace…", "Saved scenarios…", "Export…"]) {
      const item = menu.getByRole("menuitem", { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });
      await expect(item).toBeInViewport({ ratio: 1 });
      // Not covered either: the sticky section navigation painted over "Saved scenarios…".
      const uncovered = await item.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return [0.25, 0.5, 0.75].every((share) => {
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height * share);
          return hit !== null && element.contains(hit);
        });
      });
      expect(uncovered, `${name} is covered`).toBe(true);
    }
    await capture(page, `${SHOTS}/phone-scenario-menu-390.png`);
    await page.keyboard.press("Escape");

    const catalogEntry = page.getByTestId("section-nav").getByRole("link", { name: "Catalog", exact: true });
    await expect(catalogEntry).toBeVisible();
    await catalogEntry.click();
    await settle(page);
    await expect(page.getByTestId("side-tab-catalog")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("catalog-filter")).toBeInViewport();
  });

  test("from 1024 px the Catalog entry is not offered: the inputs are always beside the run", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await playground.open("weather");
    await expect(page.getByTestId("section-nav").getByRole("link", { name: "Catalog", exact: true })).toBeHidden();
  });

  test("the trace dialog's 'Request as sent' is the recorded request at once, not the playground's", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await playground.open("weather");
    // The playground's own request viewer is open first: its Monaco model existed when the trace arrived.
    await playground.openRunTab("request");
    const pageEditor = page.getByTestId("request-panel").first().getByTestId("request-editor");
    await expect(pageEditor.locator(".view-lines")).toContainText('"model"');
    const pageText = await pageEditor.locator(".view-lines").innerText();
    // The request view marks the catalog's (third-party) text by where it lands and with what role.
    const marks = page.getByTestId("request-panel").first().getByTestId("third-party-marks");
    await expect(marks).toContainText("Third-party text in this request");
    await expect(marks).toContainText(
      /(the tools array|a tool result|a system message|the system prompt) \(.+\), role \S+: \d+ tokens?|No text from the tool catalog reaches the model/,
    );

    await page.getByTestId("scenario-menu").click();
    await page.getByTestId("menu-trace").click();
    const dialog = page.getByTestId("trace-dialog");
    const har = fs.readFileSync("lib/trace/fixtures/openai-responses-instructions.har", "utf8");
    const dataTransfer = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], "agent.har", { type: "application/json" }));
      return transfer;
    }, har);
    await dialog.getByTestId("trace-drop-zone").dispatchEvent("drop", { dataTransfer });
    await expect(dialog.getByTestId("trace-heading")).toContainText("agent.har: 4 requests");
    const lines = dialog.getByTestId("request-editor").locator(".view-lines");
    await expect(lines).toContainText('"model": "gpt-5.4"');
    await expect(lines).toContainText("careful workspace assistant");
    expect(await lines.innerText()).not.toBe(pageText);
  });

  test("choosing another model is not an edit: no edited marker, nothing filed in Saved scenarios", async ({
    page,
  }) => {
    await playground.open("weather");
    const picker = page.getByTestId("model-picker");
    const other = await picker
      .locator("option")
      .evaluateAll(
        (options, current) =>
          options
            .map((option) => (option as HTMLOptionElement).value)
            .find((value) => value !== current && value.startsWith("openai-responses|")),
        await picker.inputValue(),
      );
    await picker.selectOption(other!);
    await playground.waitForRun();
    await expect(page.getByTestId("example-picker")).toHaveAttribute("data-origin", "example");
    await expect(page.getByTestId("edited-marker")).toHaveCount(0);
    await expect(page.getByTestId("example-picker")).toHaveValue("weather");
    await page.getByTestId("example-picker").selectOption("seed-200-tools");
    await playground.waitForRun();
    await expect(page.getByText("Your previous work is kept in Saved scenarios")).toHaveCount(0);
  });

  test("the catalog's o200k total says, beside it, why the run's figures for Claude read more", async ({ page }) => {
    await playground.open("weather");
    await page.getByTestId("side-tab-catalog").click();
    await expect(page.getByTestId("catalog-total-o200k")).toContainText("o200k tokens if all are sent");
    const model = await page.getByTestId("model-picker").inputValue();
    if (model.startsWith("anthropic|"))
      await expect(page.getByTestId("catalog-total-model")).toContainText("estimate its tokens as o200k × 1.2");
    else await page.getByTestId("model-picker").selectOption({ index: 0 });
    await expect(page.getByTestId("catalog-total-model")).toContainText("o200k × 1.2");
  });

  for (const screen of [
    { name: "1440", width: 1440, height: 900 },
    { name: "390", width: 390, height: 844 },
  ]) {
    test(`${screen.name} px: the tour waits for its example instead of spotlighting a loading card, and its words do not change mid-read`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: screen.width, height: screen.height });
      // Not the tour's example: the tour has to open it.
      await playground.open("weather");
      await page.getByTestId("intro-tour").click();
      const tour = page.getByTestId("tour");
      await expect(tour).toBeVisible();
      // Sample what is on screen while the tour's example opens.
      const samples: Array<{ spotlight: boolean; position: string; body: string; waiting: string | null }> = [];
      // Until the step has been shown for three seconds (the tour's example takes a while to simulate on a busy
      // machine), or two minutes at most.
      const started = Date.now();
      let shownAt: number | null = null;
      while (Date.now() - started < 120_000 && (shownAt === null || Date.now() - shownAt < 3_000)) {
        samples.push(
          await page.evaluate(() => ({
            spotlight: document.querySelector("[data-testid=tour-spotlight]") !== null,
            position: document.querySelector("[data-testid=stepper-position]")?.textContent ?? "",
            body: document.querySelector("#tour-body")?.textContent ?? "",
            waiting: document.querySelector("[data-testid=tour]")?.getAttribute("data-waiting") ?? null,
          })),
        );
        if (shownAt === null && samples.at(-1)?.waiting === "false") shownAt = Date.now();
        await page.waitForTimeout(80);
      }
      const spotlitWhileLoading = samples.filter((sample) => sample.spotlight && /\b0 of 0\b/.test(sample.position));
      expect(spotlitWhileLoading, "a card still loading was spotlit").toEqual([]);
      const shownBodies = [
        ...new Set(samples.filter((sample) => sample.waiting === "false").map((sample) => sample.body)),
      ];
      expect(shownBodies, "the step's words changed while shown").toHaveLength(1);
      await expect(page.getByTestId("tour-spotlight")).toBeVisible();
      await settle(page);
      await capture(page, `${SHOTS}/tour-first-step-${screen.name}.png`);
      if (screen.width < 640) {
        // Docked at the bottom: the spotlit part ends above the sheet, or starts on screen above it when taller.
        const sheet = (await tour.boundingBox())!;
        const target = (await page.getByTestId("tour-spotlight").boundingBox())!;
        expect(target.y, "the spotlit part starts on screen").toBeGreaterThanOrEqual(0);
        expect(target.y, "the spotlit part starts above the sheet").toBeLessThan(sheet.y - 100);
        // The compare-table step: the row it talks about is above the sheet.
        for (let step = 0; step < 4; step += 1) await page.getByRole("button", { name: "Next", exact: true }).click();
        const deferral = page.getByRole("dialog", { name: "Provider-native deferral" });
        await expect(deferral).toBeVisible();
        await expect(deferral).toHaveAttribute("data-waiting", "false");
        await settle(page);
        await page.waitForTimeout(1_200);
        await settle(page);
        const row = page.locator('[data-testid="compare-row"][data-selected="true"]');
        const rowBox = (await row.boundingBox())!;
        const deferralBox = (await deferral.boundingBox())!;
        expect(rowBox.y, "the row is on screen").toBeGreaterThanOrEqual(0);
        expect(rowBox.y + rowBox.height, "the row the step talks about is above the sheet").toBeLessThanOrEqual(
          deferralBox.y,
        );
        await capture(page, `${SHOTS}/tour-compare-row-${screen.name}.png`);
      }
      await page.getByTestId("tour-skip").click();
    });
  }
});
