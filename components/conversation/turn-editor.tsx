"use client";
import { sampleArguments } from "@/lib/catalog/sample-arguments";
import { useTranslations } from "use-intl";
import type { CatalogTool } from "@/lib/core/catalog";
import type { ScenarioTurn } from "@/lib/scenario/types";
import { iconButtonClass, inputClass, textAreaClass } from "@/components/playground/control-styles";
import { ToolChangeEditor } from "./tool-change-editor";
import { ArgumentsEditor } from "./arguments-editor";
import { ToolPicker } from "./tool-picker";

export function TurnEditor({
  turn,
  index,
  count,
  toolsByName,
  tools,
  onChange,
  onMove,
  onRemove,
}: {
  turn: ScenarioTurn;
  index: number;
  count: number;
  toolsByName: ReadonlyMap<string, CatalogTool>;
  tools: readonly CatalogTool[];
  onChange(patch: Partial<ScenarioTurn>): void;
  onMove(offset: -1 | 1): void;
  onRemove(): void;
}) {
  const t = useTranslations("conversation");
  const n = index + 1;
  return (
    <li className="rounded-xl border border-line bg-panel p-3" data-testid="turn">
      <div className="mb-2 flex items-center gap-1">
        <span className="text-xs font-semibold uppercase tracking-wide text-muted">{t("turn", { n })}</span>
        <span className="ml-auto" />
        <button
          type="button"
          className={iconButtonClass}
          aria-label={t("up", { n })}
          disabled={index === 0}
          onClick={() => onMove(-1)}
          data-testid="turn-up"
        >
          ↑
        </button>
        <button
          type="button"
          className={iconButtonClass}
          aria-label={t("down", { n })}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
          data-testid="turn-down"
        >
          ↓
        </button>
        <button
          type="button"
          className={`${iconButtonClass} hover:text-danger`}
          aria-label={t("remove", { n })}
          onClick={onRemove}
          data-testid="turn-remove"
        >
          ✕
        </button>
      </div>
      <textarea
        className={`${textAreaClass} h-16 resize-y`}
        aria-label={t("user", { n })}
        placeholder={t("userPlaceholder")}
        data-testid="turn-user"
        value={turn.user}
        onChange={(event) => onChange({ user: event.target.value })}
      />
      <div className="mt-2 space-y-2">
        {turn.needs.map((need, needIndex) => {
          const tool = toolsByName.get(need.tool);
          return (
            <div key={`${need.tool}-${needIndex}`} className="rounded-lg bg-panel-muted p-2">
              <div className="mb-1 flex items-center gap-2">
                <span className="font-mono text-xs font-semibold text-ink">{need.tool}</span>
                {tool ? null : (
                  <span className="rounded bg-danger-soft px-1.5 text-[10px] font-semibold text-danger">
                    {t("notInCatalog")}
                  </span>
                )}
                <button
                  type="button"
                  className={`${iconButtonClass} ml-auto h-6 w-6 text-xs`}
                  aria-label={t("removeTool", { tool: need.tool, n })}
                  onClick={() => onChange({ needs: turn.needs.filter((_, position) => position !== needIndex) })}
                >
                  ✕
                </button>
              </div>
              <ArgumentsEditor
                value={need.arguments}
                tool={tool}
                onChange={(args) =>
                  onChange({
                    needs: turn.needs.map((candidate, position) =>
                      position === needIndex ? { ...candidate, arguments: args } : candidate,
                    ),
                  })
                }
              />
            </div>
          );
        })}
        <ToolPicker
          tools={tools}
          exclude={turn.needs.map((need) => need.tool)}
          onPick={(name) =>
            onChange({ needs: [...turn.needs, { tool: name, arguments: startingArguments(toolsByName.get(name)) }] })
          }
        />
        {/* Labelled on screen: once a query is filled in, its placeholder is gone and "weather" alone says nothing. */}
        <label className="block">
          <span className="mb-1 block text-xs font-medium text-muted">
            {t.rich("query", { soft: (chunks) => <span className="font-normal">{chunks}</span> })}
          </span>
          <input
            type="text"
            className={`${inputClass} h-8 text-xs`}
            aria-label={t("queryLabel", { n })}
            placeholder={t("queryPlaceholder")}
            data-testid="turn-query"
            value={turn.searchQuery ?? ""}
            onChange={(event) => onChange({ searchQuery: event.target.value || undefined })}
          />
        </label>
        <ToolChangeEditor
          value={turn.toolChange}
          turnNumber={n}
          tools={tools}
          onChange={(toolChange) => onChange({ toolChange })}
        />
      </div>
    </li>
  );
}

/** Arguments that satisfy the schema, so a newly picked tool starts valid and the person edits from there. */
function startingArguments(tool: CatalogTool | undefined): Record<string, unknown> {
  if (!tool || tool.schemaError) return {};
  try {
    return sampleArguments(tool.inputSchema);
  } catch {
    return {};
  }
}
