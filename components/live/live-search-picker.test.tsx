import { describe, expect, it } from "vitest";
import { renderInLocale } from "@/components/i18n/render-in-locale";
import { LiveSearchPicker } from "./live-search-picker";

const noStatus = () => Promise.resolve(new Response("{}", { status: 404 }));

describe("the live run's client search line", () => {
  it("says which search the client side ran, and why it fell back, in both languages", () => {
    const ran = { kind: "lexical" as const, fallback: "model not loaded", searches: 2 };
    const english = renderInLocale(<LiveSearchPicker onChange={() => undefined} ran={ran} fetchStatus={noStatus} />);
    expect(english).toContain("client search: lexical");
    expect(english).toContain("its embedding endpoint failed: model not loaded; the lexical search answered instead");
    const chinese = renderInLocale(
      <LiveSearchPicker
        onChange={() => undefined}
        ran={{ ...ran, kind: "semantic", fallback: null }}
        fetchStatus={noStatus}
      />,
      "zh-CN",
    );
    expect(chinese).toContain("客户端搜索：语义");
  });

  it("shows nothing before a search ran when the server has no embedding endpoint", () => {
    expect(renderInLocale(<LiveSearchPicker onChange={() => undefined} ran={null} fetchStatus={noStatus} />)).toBe("");
  });
});
