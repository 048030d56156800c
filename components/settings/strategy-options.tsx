"use client";
/** The options the strategies read from the scenario's settings, each with a one-line explanation. */
import { useState } from "react";
import { inputClass } from "@/components/playground/control-styles";
import { ToolPicker } from "@/components/conversation/tool-picker";
import type { ScenarioSettings } from "@/lib/scenario/types";
import { usePlayground } from "@/state/playground-provider";
import { Segmented } from "./segmented";
import { SettingRow } from "./setting-row";

const BREAKPOINTS: ReadonlyArray<{ value: ScenarioSettings["explicitBreakpoints"][number]; label: string }> = [
  { value: "tools", label: "after tools" },
  { value: "system", label: "after system" },
  { value: "last-message", label: "last message" },
];

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
  return (
    <section data-testid="strategy-options">
      <h3 className="text-sm font-semibold text-ink">Strategy options</h3>
      <SettingRow
        label="Non-deferred tools"
        appliesTo="Anthropic and OpenAI tool search, mid-conversation"
        explanation="Tools always loaded up front; every other tool waits behind search."
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
              aria-label={`Defer ${name}`}
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
            label="Keep a tool loaded"
            onPick={(name) => update({ nonDeferredTools: [...settings.nonDeferredTools, name] })}
          />
        </div>
      </div>
      <SettingRow
        label="Search"
        appliesTo="tool search, gateway, Kimi"
        explanation="BM25 ranks by words in names and descriptions; regex matches a pattern the model writes."
      >
        <Segmented
          name="Search variant"
          value={settings.searchVariant}
          options={[
            { value: "bm25", label: "BM25" },
            { value: "regex", label: "Regex" },
          ]}
          onChange={(searchVariant) => update({ searchVariant })}
        />
      </SettingRow>
      <SettingRow
        label="Search runs on"
        appliesTo="Anthropic and OpenAI tool search"
        explanation="Server: the provider searches. Client: your code searches and returns tool references."
      >
        <Segmented
          name="Search execution"
          value={settings.searchExecution}
          options={[
            { value: "server", label: "Server" },
            { value: "client", label: "Client" },
          ]}
          onChange={(searchExecution) => update({ searchExecution })}
        />
      </SettingRow>
      <SettingRow
        label="Results per search"
        htmlFor="setting-result-limit"
        explanation="How many tools one search returns (Anthropic documents up to 5)."
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
        label="Cache mode"
        appliesTo="Anthropic"
        explanation="Automatic: one top-level cache_control. Explicit: markers where you choose. Off: nothing is cached."
      >
        <Segmented
          name="Cache mode"
          value={settings.cacheMode}
          options={[
            { value: "automatic", label: "Automatic" },
            { value: "explicit", label: "Explicit" },
            { value: "off", label: "Off" },
          ]}
          onChange={(cacheMode) => update({ cacheMode })}
        />
      </SettingRow>
      {settings.cacheMode === "explicit" ? (
        <SettingRow
          label="Breakpoints"
          appliesTo="Anthropic, explicit mode"
          explanation="Where cache_control markers go; at most 4 per request."
        >
          <div className="flex flex-col gap-1">
            {BREAKPOINTS.map((breakpoint) => (
              <label key={breakpoint.value} className="flex items-center gap-1.5 text-xs">
                <input
                  type="checkbox"
                  checked={settings.explicitBreakpoints.includes(breakpoint.value)}
                  onChange={(event) =>
                    update({
                      explicitBreakpoints: event.target.checked
                        ? [...settings.explicitBreakpoints, breakpoint.value]
                        : settings.explicitBreakpoints.filter((value) => value !== breakpoint.value),
                    })
                  }
                />
                {breakpoint.label}
              </label>
            ))}
          </div>
        </SettingRow>
      ) : null}
      <SettingRow
        label="Cache TTL"
        appliesTo="Anthropic"
        explanation="How long an entry lives after its last use; 1 h writes cost 2× input instead of 1.25×."
      >
        <Segmented
          name="Cache TTL"
          value={settings.cacheTtl}
          options={[
            { value: "5m", label: "5 min" },
            { value: "1h", label: "1 hour" },
          ]}
          onChange={(cacheTtl) => update({ cacheTtl })}
        />
      </SettingRow>
      <SettingRow
        label="Minutes between turns"
        htmlFor="setting-minutes"
        explanation="The user's think time. Longer than the TTL and the next turn starts with a cold cache."
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
        label="Seconds between steps"
        htmlFor="setting-seconds"
        explanation="Tool execution and model latency inside one turn."
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
        label="Namespaces"
        appliesTo="OpenAI tool search"
        explanation="Group deferred tools by server into namespace tools, so search loads a whole namespace's names."
      >
        <input
          type="checkbox"
          aria-label="Use namespaces"
          checked={settings.useNamespaces}
          onChange={(event) => update({ useNamespaces: event.target.checked })}
        />
      </SettingRow>
      <SettingRow
        label="tool_choice"
        explanation="auto: the model may answer directly; any: it must call a tool; none: it may not."
      >
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
      <SettingRow label="Max output tokens" htmlFor="setting-max-output" explanation="max_tokens of every request.">
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
