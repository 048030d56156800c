import { describe, expect, it } from "vitest";
import { headerHeightKeeper } from "./playground-header";

describe("the header's height in --header-height", () => {
  it("is written when it changes and not when the header resized without changing height", () => {
    const rules: string[] = [];
    const heights = [68, 68, 68, 104, 104, 68];
    const keep = headerHeightKeeper({ replaceSync: (text) => rules.push(text) }, () => heights.shift()!);
    for (let call = 0; call < 6; call += 1) keep();
    expect(rules.map((rule) => /--header-height: (\w+);/.exec(rule)?.[1])).toEqual(["68px", "104px", "68px"]);
    // On the elements that read it (app/globals.css), not on the root, which every element would inherit it from.
    expect(rules[0]).toMatch(/^\.scroll-below-bars, \.sticky-below-header, \.inputs-below-header \{/);
  });
});
