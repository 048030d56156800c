"use client";
/**
 * The facts PROTOCOLS.md could not confirm (lib/models ASSUMPTIONS), each labelled with its confidence and source.
 * Those the engine reads from the scenario are editable here; cache-rule overrides apply to every model of the run.
 */
import { useEffect, useState } from "react";
import type { Assumption } from "@/lib/models";
import type { CacheRules } from "@/lib/cache/types";
import type { ScenarioSettings } from "@/lib/scenario/types";
import { usePlayground } from "@/state/playground-provider";
import { ConfidenceBadge, SettingRow } from "./setting-row";
import { NumberInput } from "./strategy-options";

type Binding = {
  read(settings: ScenarioSettings): number | undefined;
  write(settings: ScenarioSettings, value: number): Partial<ScenarioSettings>;
  min: number;
  max: number;
  step: number;
};

const correctionFactor = (kind: "anthropic-estimate" | "kimi-estimate"): Binding => ({
  read: (settings) => settings.tokenCorrectionFactors?.[kind],
  write: (settings, value) => ({ tokenCorrectionFactors: { ...settings.tokenCorrectionFactors, [kind]: value } }),
  min: 0.5,
  max: 3,
  step: 0.05,
});

/** Assumptions the engine takes from the scenario's settings. The rest are fixed in this version of the engine. */
const BINDINGS: Record<string, Binding> = {
  "anthropic-token-correction-factor": correctionFactor("anthropic-estimate"),
  "kimi-token-correction-factor": correctionFactor("kimi-estimate"),
};

const CACHE_OVERRIDES: ReadonlyArray<{
  key: keyof CacheRules;
  label: string;
  explanation: string;
  min: number;
  max: number;
}> = [
  {
    key: "minimumCacheableTokens",
    label: "Minimum cacheable prompt (tokens)",
    explanation: "Shorter prompts are silently not cached.",
    min: 0,
    max: 100000,
  },
  {
    key: "ttlSeconds",
    label: "Cache lifetime (seconds)",
    explanation: "How long an entry lives after its last write or read.",
    min: 1,
    max: 86400,
  },
  {
    key: "cachedTokenGranularity",
    label: "Cached-token increments",
    explanation: "Cached counts come in these steps above the minimum (1 = none).",
    min: 1,
    max: 1024,
  },
  {
    key: "lookbackBlocks",
    label: "Lookback (blocks)",
    explanation: "Anthropic: how many blocks before a breakpoint are checked for an earlier entry.",
    min: 1,
    max: 200,
  },
];

/**
 * lib/models/assumptions.ts imports lib/tokens for its default correction factors, and with it the 2 MB o200k table;
 * loading it on demand keeps the tokenizer out of the page's first load (docs/TOOLCHAIN.md pitfall 11).
 */
function useAssumptions(): readonly Assumption[] | null {
  const [assumptions, setAssumptions] = useState<readonly Assumption[] | null>(null);
  useEffect(() => {
    let active = true;
    void import("@/lib/models/assumptions").then((module) => active && setAssumptions(module.ASSUMPTIONS));
    return () => {
      active = false;
    };
  }, []);
  return assumptions;
}

export function AssumptionsList() {
  const settings = usePlayground((state) => state.settings);
  const update = usePlayground((state) => state.updateSettings);
  const assumptions = useAssumptions();
  return (
    <section data-testid="assumptions">
      <h3 className="text-sm font-semibold text-ink">Assumptions</h3>
      <p className="mt-1 text-xs text-muted">
        Facts no primary source confirms. They are labelled, and the ones the simulation reads can be changed here.
      </p>
      {assumptions === null ? <p className="py-3 text-xs text-muted">Loading assumptions…</p> : null}
      {(assumptions ?? []).map((assumption) => {
        const binding = BINDINGS[assumption.id];
        const id = `assumption-${assumption.id}`;
        return (
          <SettingRow
            key={assumption.id}
            htmlFor={binding ? id : undefined}
            label={assumption.label}
            badge={<ConfidenceBadge confidence={assumption.confidence} />}
            explanation={`${assumption.source}. Affects ${assumption.affects}.`}
          >
            {binding ? (
              <NumberInput
                id={id}
                value={binding.read(settings) ?? Number(assumption.defaultValue)}
                min={binding.min}
                max={binding.max}
                step={binding.step}
                onChange={(value) => update(binding.write(settings, value))}
              />
            ) : (
              <span className="tabular font-mono text-xs text-ink-soft" title="Fixed in this version of the engine">
                {String(assumption.defaultValue)}
              </span>
            )}
          </SettingRow>
        );
      })}
      <h3 className="mt-5 text-sm font-semibold text-ink">Cache-rule overrides</h3>
      <p className="mt-1 text-xs text-muted">
        Empty means the model&apos;s own rule. An override applies to every model in this run, so use it to test one
        provider at a time.
      </p>
      {CACHE_OVERRIDES.map((override) => {
        const current = settings.cacheOverrides?.[override.key] as number | undefined;
        const id = `override-${override.key}`;
        return (
          <SettingRow
            key={override.key}
            htmlFor={id}
            label={override.label}
            explanation={override.explanation}
            badge={<ConfidenceBadge confidence="unconfirmed" />}
          >
            <div className="flex items-center gap-1">
              <NumberInput
                id={id}
                value={current ?? Number.NaN}
                min={override.min}
                max={override.max}
                onChange={(value) => update({ cacheOverrides: { ...settings.cacheOverrides, [override.key]: value } })}
              />
              {current !== undefined ? (
                <button
                  type="button"
                  className="text-xs text-muted hover:text-ink"
                  aria-label={`Reset ${override.label}`}
                  onClick={() => {
                    const { [override.key]: _removed, ...rest } = settings.cacheOverrides ?? {};
                    update({ cacheOverrides: rest });
                  }}
                >
                  reset
                </button>
              ) : null}
            </div>
          </SettingRow>
        );
      })}
    </section>
  );
}
