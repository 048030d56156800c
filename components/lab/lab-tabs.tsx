"use client";
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { Tabs } from "@/components/ui/tabs";

export type LabTab = { id: string; label: string; content: ReactNode };

export type LabTabsProps = { tabs: readonly LabTab[]; selected: string; onSelect: (id: string) => void };

/** The lab's main views in one card: queries and results, tools, linter, confusable pairs, compression. */
export function LabTabs({ tabs, selected, onSelect }: LabTabsProps) {
  const t = useTranslations("lab.tabs");
  return (
    <section className="min-w-0 rounded-2xl border border-line bg-panel shadow-sm" data-testid="lab-tabs">
      <Tabs
        label={t("label")}
        selected={selected}
        onSelect={onSelect}
        tabs={tabs.map((tab) => ({ id: tab.id, label: tab.label, content: tab.content, testId: `lab-tab-${tab.id}` }))}
      />
    </section>
  );
}
