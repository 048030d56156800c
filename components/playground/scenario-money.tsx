"use client";
import type { ReactNode } from "react";
import { useShallow } from "zustand/react/shallow";
import { MoneyProvider } from "@/components/ui/money";
import { currencyOf } from "@/lib/view/money";
import { usePlayground } from "@/state/playground-provider";

/** The scenario model's currency and the person's USD-per-CNY rate, for every cost on the page. */
export function ScenarioMoney({ children }: { children: ReactNode }) {
  const { provider, model, usdPerCny } = usePlayground(
    useShallow((state) => ({
      provider: state.settings.provider,
      model: state.settings.model,
      usdPerCny: state.settings.usdPerCny,
    })),
  );
  return (
    <MoneyProvider currency={currencyOf(provider, model)} usdPerCny={usdPerCny}>
      {children}
    </MoneyProvider>
  );
}
