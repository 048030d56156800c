import { describe, expect, it } from "vitest";
import { staticImportChain, staticImportChainToFolder } from "./page-static-imports";

const PAGES = ["app/layout.tsx", "app/page.tsx", "app/lab/page.tsx", "app/tap/page.tsx", "app/experiment/page.tsx"];
const CHINESE_MESSAGES = "lib/i18n/messages/zh-CN";

describe("a page's first load", () => {
  it.each(PAGES)("%s does not import the o200k tokenizer (it runs in the workers)", (page) => {
    expect(staticImportChain(process.cwd(), page, "gpt-tokenizer")).toBeNull();
  });

  it.each(PAGES)("%s does not import the Chinese messages (they load when a reader's locale needs them)", (page) => {
    expect(staticImportChainToFolder(process.cwd(), page, CHINESE_MESSAGES)).toBeNull();
  });

  it.each(["app/layout.tsx", "app/page.tsx"])(
    "%s does not import Ajv (the share worker checks what the playground opens; the page loads it when it must)",
    (page) => {
      expect(staticImportChain(process.cwd(), page, "ajv")).toBeNull();
    },
  );

  it("finds the chain when a file does import it, through a barrel's re-export", () => {
    const chain = staticImportChain(process.cwd(), "lib/tokens/index.ts", "gpt-tokenizer");
    expect(chain?.[0]).toBe("lib/tokens/index.ts");
    expect(chain).toContain("lib/tokens/o200k.ts");
    expect(chain?.at(-1)).toMatch(/^gpt-tokenizer\//);
  });

  it("finds the chain to a file in a folder: the Chinese messages from the module that loads them", () => {
    const chain = staticImportChainToFolder(process.cwd(), "lib/i18n/chinese-messages.ts", CHINESE_MESSAGES);
    expect(chain?.[0]).toBe("lib/i18n/chinese-messages.ts");
    expect(chain?.at(-1)).toMatch(/^lib\/i18n\/messages\/zh-CN\/\w+\.json$/);
  });
});
