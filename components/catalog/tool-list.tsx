"use client";
/** The catalog as a virtualised list: only the visible rows exist in the DOM, so 10,000 tools scroll smoothly. */
import { useRef } from "react";
import { useTranslations } from "use-intl";
import { useVirtualizer } from "@tanstack/react-virtual";
import { oneLineDescription } from "@/lib/catalog/describe-tool";
import type { CatalogTool } from "@/lib/core/catalog";

const ROW_HEIGHT = 58;

export function ToolList({
  tools,
  indexes,
  tokens,
  selectedTool,
  onSelect,
}: {
  tools: readonly CatalogTool[];
  /** Indexes into `tools` of the rows to show (the filter's result). */
  indexes: readonly number[];
  tokens: readonly number[] | null;
  selectedTool: string | null;
  onSelect(name: string): void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const t = useTranslations("catalog");
  // TanStack Virtual returns fresh functions each render by design; the React Compiler lint rule does not apply here.
  const virtualizer = useVirtualizer({
    count: indexes.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });

  return (
    <div
      ref={scrollRef}
      className="h-full overflow-y-auto"
      data-testid="tool-list"
      role="listbox"
      aria-label={t("list.label")}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {virtualizer.getVirtualItems().map((item) => {
          const tool = tools[indexes[item.index]];
          const selected = tool.name === selectedTool;
          const count = tokens?.[indexes[item.index]];
          return (
            <div
              key={item.key}
              role="option"
              aria-selected={selected}
              tabIndex={selected || (selectedTool === null && item.index === 0) ? 0 : -1}
              data-testid="tool-row"
              data-tool={tool.name}
              onClick={() => onSelect(tool.name)}
              onKeyDown={(event) => {
                if (event.key === "Enter" || event.key === " ") {
                  event.preventDefault();
                  onSelect(tool.name);
                }
              }}
              className={`absolute left-0 right-0 flex cursor-pointer flex-col justify-center gap-0.5 border-b border-line px-4 ${selected ? "bg-accent-soft" : "hover:bg-panel-muted"}`}
              style={{ top: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
            >
              <div className="flex items-center gap-2">
                <span
                  className={`truncate font-mono text-[13px] font-semibold ${selected ? "text-accent" : "text-ink"}`}
                >
                  {tool.name}
                </span>
                {tool.namespace ? (
                  <span className="shrink-0 truncate rounded bg-panel-muted px-1.5 py-0.5 text-[10px] font-medium uppercase tracking-wide text-muted">
                    {tool.namespace}
                  </span>
                ) : null}
                {tool.schemaError ? (
                  <span
                    className="shrink-0 rounded bg-danger-soft px-1.5 py-0.5 text-[10px] font-semibold text-danger"
                    title={tool.schemaError}
                  >
                    {t("list.schemaError")}
                  </span>
                ) : null}
                <span
                  className="tabular ml-auto shrink-0 text-xs text-muted"
                  title={t("list.tokensTitle")}
                  data-testid="tool-tokens"
                >
                  {count === undefined ? "…" : t("list.tokens", { count })}
                </span>
              </div>
              {/* The catalog's own words stay as written (translate="no"); the placeholder for none is ours. */}
              {oneLineDescription(tool, 140) ? (
                <p className="truncate text-xs text-muted" translate="no">
                  {oneLineDescription(tool, 140)}
                </p>
              ) : (
                <p className="truncate text-xs text-muted">{t("list.noDescription")}</p>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
