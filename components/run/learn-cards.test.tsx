import { describe, expect, it } from "vitest";
import { STRATEGY_IDS } from "@/lib/core/ids";
import { STRATEGIES } from "@/lib/strategies";
import { LearnCards } from "./learn-cards";
import { attribute, render, tagsWithTestId } from "./test-support";

describe("LearnCards", () => {
  it("has a card per strategy with its plain-words explanation, and focusable glossary terms", () => {
    const html = render(<LearnCards selectedId="gateway" onSelect={() => {}} />);
    const cards = tagsWithTestId(html, "learn-card");
    expect(cards.map((tag) => attribute(tag, "data-strategy"))).toEqual([...STRATEGY_IDS]);
    expect(html).toContain(STRATEGIES.gateway.title.replace(/&/g, "&amp;"));
    const terms = tagsWithTestId(html, "term");
    expect(terms.length).toBeGreaterThanOrEqual(11);
    for (const tag of terms) {
      expect(attribute(tag, "tabindex")).toBe("0");
      const describedBy = attribute(tag, "aria-describedby");
      expect(describedBy).toBeTruthy();
      expect(html).toContain(`id="${describedBy}"`);
    }
  });
});
