import fs from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The specs' screenshots are for people to look at (test-results/screenshots), not checks. `npm run screenshots`
 * takes them (E2E_SCREENSHOTS=1); `npm test` leaves them out to save CI time and keeps what a capture of an element
 * did besides: it waits for the element to be visible and stable, and scrolls it into view (later steps may rely on
 * that scroll).
 */
export const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";

type Options = NonNullable<Parameters<Locator["screenshot"]>[0]>;

export async function capture(target: Page | Locator, file: string, options: Omit<Options, "path"> = {}) {
  const element = "waitFor" in target ? target : undefined;
  if (!TAKE_SCREENSHOTS) {
    if (element) {
      await element.scrollIntoViewIfNeeded();
      await expect(element).toBeVisible();
    }
    return;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await target.screenshot({ ...options, path: file });
}
