"use client";
import { useTranslations } from "use-intl";
import type { CatalogTool } from "@/lib/core/catalog";
import type { ToolChange } from "@/lib/scenario/types";
import { iconButtonClass, selectClass } from "@/components/playground/control-styles";
import { ToolPicker } from "./tool-picker";

/**
 * A turn's scripted tool change (`toolChange` in the scenario): none, remove a tool, or insert a declaration before
 * what was sent. The engine decides how each strategy and provider carries it; the step after it says what broke.
 */
export function ToolChangeEditor({
  value,
  turnNumber,
  tools,
  onChange,
}: {
  value: ToolChange | undefined;
  turnNumber: number;
  tools: readonly CatalogTool[];
  onChange(value: ToolChange | undefined): void;
}) {
  const t = useTranslations("variants");
  const change = value?.change ?? "none";
  return (
    <div className="space-y-1" data-testid="turn-tool-change">
      <label className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-medium text-muted">{t("toolChange.label", { n: turnNumber })}</span>
        <select
          className={`${selectClass} h-8 text-xs`}
          value={change}
          data-testid="turn-tool-change-kind"
          onChange={(event) => {
            const next = event.target.value;
            if (next === "remove" || next === "insert") onChange({ change: next, tool: value?.tool ?? "" });
            else onChange(undefined);
          }}
        >
          <option value="none">{t("toolChange.none")}</option>
          <option value="remove">{t("toolChange.remove")}</option>
          <option value="insert">{t("toolChange.insert")}</option>
        </select>
      </label>
      {value ? (
        value.tool ? (
          <div className="flex items-center gap-2">
            <code className="text-xs font-semibold text-ink" data-testid="turn-tool-change-tool">
              {value.tool}
            </code>
            <button
              type="button"
              className={`${iconButtonClass} h-6 w-6 text-xs`}
              aria-label={t("toolChange.clearTool", { n: turnNumber })}
              onClick={() => onChange({ ...value, tool: "" })}
            >
              ✕
            </button>
          </div>
        ) : (
          <ToolPicker
            tools={tools}
            exclude={[]}
            label={t("toolChange.pick")}
            onPick={(tool) => onChange({ ...value, tool })}
          />
        )
      ) : null}
      {value ? (
        <p className="text-xs text-muted">{t.rich("toolChange.hint", { code: (chunks) => <code>{chunks}</code> })}</p>
      ) : null}
    </div>
  );
}
