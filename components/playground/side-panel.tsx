"use client";
import { CatalogPanel } from "@/components/catalog/catalog-panel";
import { SettingsPanel } from "@/components/settings/settings-panel";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { usePlayground } from "@/state/playground-provider";
import { selectToolCount } from "@/state/selectors";
import type { SidePanel as SidePanelId } from "@/state/ui-slice";
import { panelClass } from "./control-styles";
import { ConversationPanel } from "./lazy-panels";

const TABS: ReadonlyArray<{ id: SidePanelId }> = [{ id: "catalog" }, { id: "conversation" }, { id: "settings" }];

/** The inputs: catalog, conversation and settings, as tabs of one column that stays in view while the run scrolls. */
export function SidePanel() {
  const t = useTranslations("playground.side");
  const active = usePlayground((state) => state.sidePanel);
  const setActive = usePlayground((state) => state.setSidePanel);
  const toolCount = usePlayground(selectToolCount);
  const turnCount = usePlayground((state) => state.turns.length);
  // A panel mounts when first opened and then stays mounted (hidden), so drafts and editor undo survive switching.
  const [opened, setOpened] = useState<ReadonlySet<SidePanelId>>(() => new Set([active]));
  if (!opened.has(active)) setOpened(new Set([...opened, active]));
  const counts: Record<SidePanelId, string> = {
    catalog: toolCount.toLocaleString("en-US"),
    conversation: String(turnCount),
    settings: "",
  };
  return (
    <aside
      id="section-inputs"
      className={`${panelClass} order-2 scroll-below-bars flex h-[75vh] min-h-[480px] min-w-0 flex-col overflow-hidden lg:sticky lg:top-[5.25rem] lg:order-none lg:h-[calc(100vh-6.5rem)] lg:min-h-[640px] inputs-below-header`}
      aria-label={t("label")}
    >
      <div role="tablist" aria-label={t("label")} className="flex gap-1 border-b border-line px-3 pt-3">
        {TABS.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`side-tab-${tab.id}`}
            aria-selected={active === tab.id}
            aria-controls={`side-panel-${tab.id}`}
            data-testid={`side-tab-${tab.id}`}
            className={`-mb-px flex items-center gap-1.5 border-b-2 px-3 pb-2.5 text-sm font-medium ${active === tab.id ? "border-accent text-ink" : "border-transparent text-muted hover:text-ink"}`}
            onClick={() => setActive(tab.id)}
          >
            {t(`tabs.${tab.id}`)}
            {counts[tab.id] ? (
              <span className="tabular rounded-full bg-panel-muted px-1.5 text-[11px] text-muted">
                {counts[tab.id]}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`side-panel-${tab.id}`}
          aria-labelledby={`side-tab-${tab.id}`}
          hidden={active !== tab.id}
          className="min-h-0 flex-1 flex-col data-[active=true]:flex"
          data-active={active === tab.id}
        >
          {!opened.has(tab.id) ? null : tab.id === "catalog" ? (
            <CatalogPanel />
          ) : tab.id === "conversation" ? (
            <ConversationPanel />
          ) : (
            <SettingsPanel />
          )}
        </div>
      ))}
    </aside>
  );
}
