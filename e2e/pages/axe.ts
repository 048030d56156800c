import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * The page's serious and critical axe-core findings under the WCAG 2.1 A and AA rules, each with the element it was
 * found on (and, with `withData`, the rule's data: the colours of a contrast failure).
 *
 * Legacy mode runs axe once in the page. The default runs it in each frame and then finishes in a new blank page,
 * 2–3 times as long for the same findings (8–13 s against 4 s on the search lab, idle). It reaches no frames, so the
 * page must have none.
 */
export async function seriousAxeFindings(page: Page, options: { withData?: boolean } = {}): Promise<string[]> {
  expect(page.frames(), "a frame legacy-mode axe would not check").toHaveLength(1);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id}: ${node.target.join(" ")}` +
          (options.withData ? ` ${JSON.stringify(node.any[0]?.data ?? "")}` : ""),
      ),
    );
}
