import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { prerenderToNodeStream } from "react-dom/static";
import { useTranslations } from "use-intl";
import { describe, expect, it, vi } from "vitest";

function Title() {
  return <h1>{useTranslations("common")("appTitle")}</h1>;
}

describe("IntlRoot", () => {
  it("waits for a locale's messages before rendering anything in it: the page comes in Chinese, never English", async () => {
    // A fresh module registry: only English is loaded, as when a Chinese reader's page starts.
    vi.resetModules();
    const { IntlRoot } = await import("./intl-root");
    const { loadedMessages } = await import("@/lib/i18n/messages");
    expect(loadedMessages("zh-CN")).toBeUndefined();
    const { prelude } = await prerenderToNodeStream(
      <IntlRoot locale="zh-CN">
        <Title />
      </IntlRoot>,
    );
    const html = await text(prelude as Readable);
    expect(html).toBe("<h1>工具披露试验场</h1>");
  });
});
