import { renderInLocale } from "@/components/i18n/render-in-locale";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_SETTINGS } from "@/lib/scenario/default-settings";
import type { ScenarioSettings } from "@/lib/scenario/types";

const state: { settings: ScenarioSettings; updateSettings: (patch: Partial<ScenarioSettings>) => void } = {
  settings: DEFAULT_SETTINGS,
  updateSettings: () => undefined,
};
vi.mock("@/state/playground-provider", () => ({
  usePlayground: (selector: (value: typeof state) => unknown) => selector(state),
}));

const { LimitSettings } = await import("./limit-settings");

describe("provider limits in the settings panel", () => {
  beforeEach(() => {
    state.settings = DEFAULT_SETTINGS;
  });

  it("OpenAI Responses: the reported 128-tool limit is shown with its source, as an assumption, with the deferred-count switch", () => {
    state.settings = { ...DEFAULT_SETTINGS, provider: "openai-responses", model: "gpt-5.4" };
    const html = renderInLocale(<LimitSettings />);
    expect(html).toContain("OpenAI Responses · gpt-5.4");
    expect(html).toMatch(/value="128"/);
    expect(html).toContain("zed-industries/zed#42393");
    expect(html).toContain("Assumption — No limit: no request-size limit found");
    expect(html).toContain("Deferred tools count toward the tool limit");
    expect(html).toContain("unconfirmed");
  });

  it("Anthropic: the 10,000 deferred tools and 32 MB body limits are editable; an override is shown and can be reset", () => {
    state.settings = {
      ...DEFAULT_SETTINGS,
      limitOverrides: { "anthropic:claude-opus-4-8": { maxDeferredTools: 20_000, maxRequestBytes: null } },
    };
    const html = renderInLocale(<LimitSettings />);
    expect(html).toMatch(/value="20000"/);
    expect(html).toContain("10,000 tools: PROTOCOLS.md §1.3");
    expect(html).toContain("Changed here.");
    expect(html).toContain("Reset Most deferred tools in one request");
    expect(html).toContain("no limit");
    expect(html).not.toContain("Deferred tools count toward the tool limit");
    expect(html).not.toContain("Namespace members follow the function-name pattern");
  });

  it("OpenAI Responses: the namespace-member name check is an assumption with its source, on by default, off when set", () => {
    state.settings = { ...DEFAULT_SETTINGS, provider: "openai-responses", model: "gpt-5.4" };
    const checkbox = (html: string) => html.match(/<input[^>]*data-testid="limit-namespace-members"[^>]*>/)?.[0] ?? "";
    const html = renderInLocale(<LimitSettings />);
    expect(html).toContain("Namespace members follow the function-name pattern");
    expect(html).toContain("whether a namespace&#x27;s member functions are held to it is UNCONFIRMED");
    expect(checkbox(html)).toContain("checked");
    state.settings = {
      ...state.settings,
      limitOverrides: { "openai-responses:gpt-5.4": { namespaceMembersFollowFunctionPattern: false } },
    };
    expect(checkbox(renderInLocale(<LimitSettings />))).not.toContain("checked");
  });

  it("zh-CN: the limits panel speaks Chinese, and the figure in the words is the one in the box beside it", () => {
    state.settings = {
      ...DEFAULT_SETTINGS,
      limitOverrides: { "anthropic:claude-opus-4-8": { maxDeferredTools: 20_000 } },
    };
    const html = renderInLocale(<LimitSettings />, "zh-CN");
    expect(html).toContain("服务商限制");
    expect(html).toContain("单个请求的最多延迟工具数");
    // The documented figure in the sentence, the changed figure in the box, and "changed here" with it.
    expect(html).toContain("有文档 — 10,000 个工具：PROTOCOLS.md §1.3");
    expect(html).toMatch(/value="20000"/);
    expect(html).toContain("已在此修改。");
    expect(html).toContain("重置单个请求的最多延迟工具数");
    // The interface's own words are Chinese; a limit's source stays the citation it is (English documents).
    expect(html).not.toMatch(/Documented|Assumption —|Changed here|Reset |Provider limits/);
  });
});
