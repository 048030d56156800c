/**
 * The Settings tab as a Chinese reader sees it, for every model of the tables: no English sentence outside `<code>`
 * and URLs, by the same rule the Chinese browser walk uses (lib/i18n/english-leftovers.ts). The assumptions' and
 * limits' sources, the price source and the explicit cache's source are the model tables' facts, worded through
 * the `models` messages (lib/models/fact-text.ts).
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { renderInLocale } from "@/components/i18n/render-in-locale";
import { englishInMarkup } from "@/lib/i18n/english-leftovers";
import { MODELS } from "@/lib/models/model-table";
import { DEFAULT_SETTINGS } from "@/lib/scenario/default-settings";
import type { ScenarioSettings } from "@/lib/scenario/types";

const state = {
  settings: DEFAULT_SETTINGS as ScenarioSettings,
  updateSettings: () => undefined,
  runs: [],
  runMode: "simulated",
  strategyId: "naive-dynamic",
  lastValidCatalog: { tools: [] },
  forceProvider: false,
  setForceProvider: () => undefined,
};
vi.mock("@/state/playground-provider", () => ({
  usePlayground: (selector: (value: typeof state) => unknown) => selector(state),
}));

const { SettingsPanel } = await import("./settings-panel");
const { LimitSettings } = await import("./limit-settings");
const { PriceSettings } = await import("./price-settings");
const { loadAssumptions } = await import("./assumptions-list");

describe("Settings in Chinese", () => {
  beforeAll(async () => {
    await loadAssumptions();
  });

  it("has no English words outside code and URLs, for every model's limits, prices, sources and the assumptions", () => {
    const leftovers: string[] = [];
    const providers = new Set<string>();
    for (const model of MODELS) {
      state.settings = { ...DEFAULT_SETTINGS, provider: model.provider, model: model.id };
      // The whole panel once per provider; the sections whose facts change with the model for every model.
      const whole = !providers.has(model.provider);
      providers.add(model.provider);
      const html = renderInLocale(
        whole ? (
          <SettingsPanel />
        ) : (
          <>
            <LimitSettings />
            <PriceSettings />
          </>
        ),
        "zh-CN",
      );
      for (const text of englishInMarkup(html)) leftovers.push(`${model.id}: ${text}`);
    }
    expect(leftovers).toEqual([]);
  });

  it("shows the assumptions (not their loading line) and a source in Chinese beside its URL and date", () => {
    state.settings = { ...DEFAULT_SETTINGS, provider: "anthropic", model: "claude-opus-4-8" };
    const html = renderInLocale(<SettingsPanel />, "zh-CN");
    expect(html).toContain('data-testid="assumptions"');
    expect(html).toContain("PROTOCOLS.md 未确认事项 1（§1.4）");
    expect(html).toContain("platform.claude.com/docs/en/models/opus-4-8/overview（模型页面：上下文窗口）");
    // The English page keeps the tables' English.
    const english = renderInLocale(<SettingsPanel />, "en");
    expect(english).toContain("platform.claude.com/docs/en/models/opus-4-8/overview (model page: context window)");
  });
});
