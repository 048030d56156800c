import { describe, expect, it } from "vitest";
import { staticImportChain } from "./page-static-imports";

const PAGES = ["app/layout.tsx", "app/page.tsx", "app/lab/page.tsx", "app/tap/page.tsx", "app/experiment/page.tsx"];

describe("a page's first load", () => {
  it.each(PAGES)("%s does not import the o200k tokenizer (it runs in the workers)", (page) => {
    expect(staticImportChain(process.cwd(), page, "gpt-tokenizer")).toBeNull();
  });

  it("finds the chain when a file does import it, through a barrel's re-export", () => {
    const chain = staticImportChain(process.cwd(), "lib/tokens/index.ts", "gpt-tokenizer");
    expect(chain?.[0]).toBe("lib/tokens/index.ts");
    expect(chain).toContain("lib/tokens/o200k.ts");
    expect(chain?.at(-1)).toMatch(/^gpt-tokenizer\//);
  });
});
