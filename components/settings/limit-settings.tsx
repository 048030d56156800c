"use client";
/**
 * The provider limits of the scenario's model as settings: each with its value, its source and how sure that is.
 * A limit that is assumed or only reported (OpenAI's 128 tools, Anthropic's 10,000 deferred tools, no body-size
 * limit where none is documented, GPT-5.6's input window…) can be changed here; the simulator's checks and the
 * decide views read the change (settings.limitOverrides, lib/models/model-limits.ts).
 */
import { defaultModel, getModel, type ModelInfo } from "@/lib/models";
import { limitOverrideKey, tableLimits, type LimitOverride, type LimitSettingKey } from "@/lib/models/model-limits";
import { providerLabel } from "@/lib/view/provider-labels";
import { providerFacts } from "@/lib/providers/facts";
import { usePlayground } from "@/state/playground-provider";
import { ConfidenceBadge, SettingRow } from "./setting-row";
import { NumberInput } from "./strategy-options";

type NumberLimit = {
  key: LimitSettingKey;
  label: string;
  unit: string;
  /** The limit can be removed ("no limit"); a context window cannot. */
  removable: boolean;
  max: number;
};

const NUMBER_LIMITS: readonly NumberLimit[] = [
  { key: "contextWindow", label: "Context window (prompt tokens)", unit: "tokens", removable: false, max: 100_000_000 },
  { key: "maxTools", label: "Most tools in one request", unit: "tools", removable: true, max: 1_000_000 },
  {
    key: "maxDeferredTools",
    label: "Most deferred tools in one request",
    unit: "tools",
    removable: true,
    max: 1_000_000,
  },
  {
    key: "maxRequestBytes",
    label: "Largest request body (bytes)",
    unit: "bytes",
    removable: true,
    max: 10_000_000_000,
  },
];

/** Deferred tools exist on the APIs with `defer_loading` only (Anthropic, OpenAI Responses). */
function relevant(key: LimitSettingKey, provider: ModelInfo["provider"]): boolean {
  return key !== "maxDeferredTools" || providerFacts(provider).deferredTools;
}

export function LimitSettings() {
  const settings = usePlayground((state) => state.settings);
  const update = usePlayground((state) => state.updateSettings);
  const model = getModel(settings.provider, settings.model) ?? defaultModel(settings.provider);
  const key = limitOverrideKey(model);
  const table = tableLimits(model);
  const override: LimitOverride = settings.limitOverrides?.[key] ?? {};
  const write = (next: LimitOverride) => {
    const { [key]: _previous, ...others } = settings.limitOverrides ?? {};
    update({ limitOverrides: Object.keys(next).length > 0 ? { ...others, [key]: next } : others });
  };
  const set = (patch: LimitOverride) => write({ ...override, ...patch });
  const reset = (field: keyof LimitOverride) => {
    const { [field]: _removed, ...rest } = override;
    write(rest);
  };
  return (
    <section data-testid="limit-settings">
      <h3 className="mt-5 text-sm font-semibold text-ink">Provider limits</h3>
      <p className="mt-1 text-xs text-muted">
        What {providerLabel(model.provider)} · {model.id} refuses before it reads a request. A request over a limit is
        not priced: the run fails there. Values without a primary source are assumptions you can change.
      </p>
      {NUMBER_LIMITS.filter((limit) => relevant(limit.key, model.provider)).map((limit) => {
        const entry = table[limit.key];
        const overridden = override[limit.key] !== undefined;
        const value = overridden ? override[limit.key] : entry.value;
        const id = `limit-${limit.key}`;
        const source = `${entry.value === null ? "No limit" : `${entry.value.toLocaleString("en-US")} ${limit.unit}`}: ${entry.source}${entry.date ? ` (${entry.date})` : ""}`;
        return (
          <SettingRow
            key={limit.key}
            htmlFor={id}
            label={limit.label}
            badge={<ConfidenceBadge confidence={overridden ? "unconfirmed" : entry.confidence} />}
            explanation={`${entry.confidence === "documented" ? "Documented" : "Assumption"} — ${source}.${overridden ? " Changed here." : ""}`}
          >
            <div className="flex items-center gap-1" data-testid="limit-setting" data-limit={limit.key}>
              {value === null ? (
                <span className="tabular text-xs text-ink-soft">no limit</span>
              ) : (
                <NumberInput
                  id={id}
                  value={value as number}
                  min={limit.key === "contextWindow" ? 1 : 0}
                  max={limit.max}
                  onChange={(next) => set({ [limit.key]: next })}
                />
              )}
              {limit.removable && value !== null ? (
                <button
                  type="button"
                  className="text-xs text-muted hover:text-ink"
                  onClick={() => set({ [limit.key]: null })}
                  aria-label={`Remove the limit: ${limit.label}`}
                >
                  none
                </button>
              ) : null}
              {value === null && limit.removable ? (
                <button
                  type="button"
                  className="text-xs text-muted hover:text-ink"
                  onClick={() => set({ [limit.key]: entry.value ?? 128 })}
                  aria-label={`Set a limit: ${limit.label}`}
                >
                  set
                </button>
              ) : null}
              {overridden ? (
                <button
                  type="button"
                  className="text-xs text-muted hover:text-ink"
                  aria-label={`Reset ${limit.label}`}
                  onClick={() => reset(limit.key)}
                >
                  reset
                </button>
              ) : null}
            </div>
          </SettingRow>
        );
      })}
      {providerFacts(model.provider).toolNamespaces ? (
        <SettingRow
          htmlFor="limit-deferred-count"
          label="Deferred tools count toward the tool limit"
          badge={<ConfidenceBadge confidence={table.deferredCountTowardMaxTools.confidence} />}
          explanation={`Assumption — ${table.deferredCountTowardMaxTools.source}. On: a tool_search request with more than ${table.maxTools.value ?? "the"} deferred functions fails.`}
        >
          <input
            id="limit-deferred-count"
            type="checkbox"
            checked={override.deferredCountTowardMaxTools ?? table.deferredCountTowardMaxTools.value}
            onChange={(event) => set({ deferredCountTowardMaxTools: event.target.checked })}
            data-testid="limit-deferred-count"
          />
        </SettingRow>
      ) : null}
      {providerFacts(model.provider).toolNamespaces ? (
        <SettingRow
          htmlFor="limit-namespace-members"
          label="Namespace members follow the function-name pattern"
          badge={<ConfidenceBadge confidence={table.namespaceMembersFollowFunctionPattern.confidence} />}
          explanation={`Assumption — ${table.namespaceMembersFollowFunctionPattern.source}. On: a function inside a namespace whose name does not match ${table.toolNamePattern.value} is refused like a top-level function.`}
        >
          <input
            id="limit-namespace-members"
            type="checkbox"
            checked={
              override.namespaceMembersFollowFunctionPattern ?? table.namespaceMembersFollowFunctionPattern.value
            }
            onChange={(event) => set({ namespaceMembersFollowFunctionPattern: event.target.checked })}
            data-testid="limit-namespace-members"
          />
        </SettingRow>
      ) : null}
    </section>
  );
}
