"use client";
import { AssumptionsList } from "./assumptions-list";
import { LimitSettings } from "./limit-settings";
import { PrefilterSettings } from "./prefilter-settings";
import { PriceSettings } from "./price-settings";
import { StrategyOptions } from "./strategy-options";
import { StrategySupport } from "./strategy-support";

export function SettingsPanel() {
  return (
    <div className="h-full space-y-6 overflow-y-auto p-4" data-testid="settings-panel">
      <StrategySupport />
      <StrategyOptions />
      <PrefilterSettings />
      <AssumptionsList />
      <LimitSettings />
      <PriceSettings />
    </div>
  );
}
