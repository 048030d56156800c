"use client";
/** The options the strategies read from the scenario's settings, each with a one-line explanation. */
import { useState } from "react";
import { useTranslations } from "use-intl";
import { inputClass } from "@/components/playground/control-styles";
import { ToolPicker } from "@/components/conversation/tool-picker";
import type { ScenarioSettings } from "@/lib/scenario/types";
import { usePlayground } from "@/state/playground-provider";
import { CacheMechanismOption } from "./cache-mechanism-option";
import { ToolNameMappingOption } from "./tool-name-mapping-option";
import { Segmented } from "./segmented";
import { SettingRow } from "./setting-row";

const BREAKPOINTS: ReadonlyArray<ScenarioSettings["explicitBreakpoints"][number]> = ["tools", "system", "last-message"];

export function NumberInput({
  id,
  value,
  min,
  max,
  step = 1,
  onChange,
}: {
  id: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  onChange(value: number): void;
}) {
  // While typing, the box shows the draft; an out-of-range draft is marked and never reaches the scenario.
  const [draft, setDraft] = useState<string | null>(null);
  const valid = (text: string) =>
    text !== "" && Number.isFinite(Number(text)) && Number(text) >= min && Number(text) <= max;
  return (
    <input
      id={id}
      type="number"
      className={`${inputClass} tabular h-8 w-24 text-right ${draft !== null && !valid(draft) ? "border-danger" : ""}`}
      value={draft ?? (Number.isNaN(value) ? "" : String(value))}
      min={min}
      max={max}
      step={step}
      aria-invalid={draft !== null && !valid(draft)}
      onBlur={() => setDraft(null)}
      onChange={(event) => {
        setDraft(event.target.value);
        if (valid(event.target.value)) onChange(Number(event.target.value));
      }}
    />
  );
}

export function StrategyOptions() {
  const settings = usePlayground((state) => state.settings);
  const update = usePlayground((state) => state.updateSettings);
  const tools = usePlayground((state) => state.lastValidCatalog.tools);
  const t = useTranslations("settings");
  return (
    <section data-testid="strategy-options">
      <h3 className="text-sm font-semibold text-ink">{t("options.title")}</h3>
      <SettingRow
        label={t("options.nonDeferred.label")}
        appliesTo={t("options.nonDeferred.appliesTo")}
        explanation={t("options.nonDeferred.explanation")}
      >
        <span className="tabular text-xs text-muted">{settings.nonDeferredTools.length}</span>
      </SettingRow>
      <div className="-mt-1 mb-2 flex flex-wrap gap-1.5">
        {settings.nonDeferredTools.map((name) => (
          <span
            key={name}
            className="inline-flex items-center gap-1 rounded-md bg-panel-muted px-2 py-0.5 font-mono text-[11px]"
          >
            {name}
            <button
              type="button"
              aria-label={t("options.nonDeferred.defer", { name })}
              className="text-muted hover:text-danger"
              onClick={() => update({ nonDeferredTools: settings.nonDeferredTools.filter((other) => other !== name) })}
            >
              ✕
            </button>
          </span>
        ))}
        <div className="w-full">
          <ToolPicker
            tools={tools}
            exclude={settings.nonDeferredTools}
            label={t("options.nonDeferred.keepLoaded")}
            onPick={(name) => update({ nonDeferredTools: [...settings.nonDeferredTools, name] })}
          />
        </div>
      </div>
      <SettingRow
        label={t("options.search.label")}
        appliesTo={t("options.search.appliesTo")}
        explanation={t("options.search.explanation")}
      >
        <Segmented
          name={t("options.search.group")}
          value={settings.searchVariant}
          options={[
            { value: "bm25", label: "BM25" },
            { value: "regex", label: t("options.search.regex") },
          ]}
          onChange={(searchVariant) => update({ searchVariant })}
        />
      </SettingRow>
      <SettingRow
        label={t("options.searchExecution.label")}
        appliesTo={t("options.searchExecution.appliesTo")}
        explanation={t("options.searchExecution.explanation")}
      >
        <Segmented
          name={t("options.searchExecution.group")}
          value={settings.searchExecution}
          options={[
            { value: "server", label: t("options.searchExecution.server") },
            { value: "client", label: t("options.searchExecution.client") },
          ]}
          onChange={(searchExecution) => update({ searchExecution })}
        />
      </SettingRow>
      <SettingRow
        label={t("options.resultLimit.label")}
        htmlFor="setting-result-limit"
        explanation={t("options.resultLimit.explanation", { count: 5 })}
      >
        <NumberInput
          id="setting-result-limit"
          value={settings.searchResultLimit}
          min={1}
          max={20}
          onChange={(searchResultLimit) => update({ searchResultLimit })}
        />
      </SettingRow>
      <SettingRow
        label={t("options.cacheMode.label")}
        appliesTo={t("options.cacheMode.appliesTo")}
        explanation={t("options.cacheMode.explanation")}
      >
        <Segmented
          name={t("options.cacheMode.label")}
          value={settings.cacheMode}
          options={[
            { value: "automatic", label: t("options.cacheMode.automatic") },
            { value: "explicit", label: t("options.cacheMode.explicit") },
            { value: "off", label: t("options.cacheMode.off") },
          ]}
          onChange={(cacheMode) => update({ cacheMode })}
        />
      </SettingRow>
      <CacheMechanismOption settings={settings} update={update} />
      <ToolNameMappingOption settings={settings} update={update} />
      {settings.cacheMode === "explicit" ? (
        <SettingRow
          label={t("options.breakpoints.label")}
          appliesTo={t("options.breakpoints.appliesTo")}
          explanation={t("options.breakpoints.explanation", { count: 4 })}
        >
          <div className="flex flex-col gap-1">
            {BREAKPOINTS.map((breakpoint) => (
              <label key={breakpoint} className="flex items-center gap-1.5 text-xs">
                <input
                  type="checkbox"
                  checked={settings.explicitBreakpoints.includes(breakpoint)}
                  onChange={(event) =>
                    update({
                      explicitBreakpoints: event.target.checked
                        ? [...settings.explicitBreakpoints, breakpoint]
                        : settings.explicitBreakpoints.filter((value) => value !== breakpoint),
                    })
                  }
                />
                {t(`options.breakpoints.${breakpoint}`)}
              </label>
            ))}
          </div>
        </SettingRow>
      ) : null}
      <SettingRow
        label={t("options.cacheTtl.label")}
        appliesTo={t("options.cacheTtl.appliesTo")}
        explanation={t("options.cacheTtl.explanation")}
      >
        <Segmented
          name={t("options.cacheTtl.label")}
          value={settings.cacheTtl}
          options={[
            { value: "5m", label: t("options.cacheTtl.minutes", { count: 5 }) },
            { value: "1h", label: t("options.cacheTtl.hours", { count: 1 }) },
          ]}
          onChange={(cacheTtl) => update({ cacheTtl })}
        />
      </SettingRow>
      <SettingRow
        label={t("options.minutesBetweenTurns.label")}
        htmlFor="setting-minutes"
        explanation={t("options.minutesBetweenTurns.explanation")}
      >
        <NumberInput
          id="setting-minutes"
          value={settings.minutesBetweenTurns}
          min={0}
          max={1440}
          step={0.5}
          onChange={(minutesBetweenTurns) => update({ minutesBetweenTurns })}
        />
      </SettingRow>
      <SettingRow
        label={t("options.secondsBetweenSteps.label")}
        htmlFor="setting-seconds"
        explanation={t("options.secondsBetweenSteps.explanation")}
      >
        <NumberInput
          id="setting-seconds"
          value={settings.secondsBetweenSteps}
          min={0}
          max={3600}
          onChange={(secondsBetweenSteps) => update({ secondsBetweenSteps })}
        />
      </SettingRow>
      <SettingRow
        label={t("options.namespaces.label")}
        appliesTo={t("options.namespaces.appliesTo")}
        explanation={t("options.namespaces.explanation")}
      >
        <input
          type="checkbox"
          aria-label={t("options.namespaces.use")}
          checked={settings.useNamespaces}
          onChange={(event) => update({ useNamespaces: event.target.checked })}
        />
      </SettingRow>
      <SettingRow label={<code>tool_choice</code>} explanation={t("options.toolChoice.explanation")}>
        <Segmented
          name="tool_choice"
          value={settings.toolChoice}
          options={[
            { value: "auto", label: "auto" },
            { value: "any", label: "any" },
            { value: "none", label: "none" },
          ]}
          onChange={(toolChoice) => update({ toolChoice })}
        />
      </SettingRow>
      <SettingRow
        label={t("options.maxOutputTokens.label")}
        htmlFor="setting-max-output"
        explanation={t("options.maxOutputTokens.explanation")}
      >
        <NumberInput
          id="setting-max-output"
          value={settings.maxOutputTokens}
          min={1}
          max={128000}
          onChange={(maxOutputTokens) => update({ maxOutputTokens })}
        />
      </SettingRow>
    </section>
  );
}
