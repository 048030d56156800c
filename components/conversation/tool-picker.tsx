"use client";
import { useTranslations } from "use-intl";
/** A searchable select over the catalog's tool names; shows at most a screenful of matches, so 10,000 tools are fine. */
import { useId, useMemo, useState } from "react";
import type { CatalogTool } from "@/lib/core/catalog";
import { inputClass } from "@/components/playground/control-styles";

const MAX_MATCHES = 30;

export function ToolPicker({
  tools,
  exclude,
  onPick,
  label,
}: {
  tools: readonly CatalogTool[];
  exclude: readonly string[];
  onPick(name: string): void;
  label?: string;
}) {
  const t = useTranslations("conversation");
  label = label ?? t("addTool");
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const matches = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const result: CatalogTool[] = [];
    for (const tool of tools) {
      if (exclude.includes(tool.name)) continue;
      if (!needle || tool.name.toLowerCase().includes(needle) || (tool.namespace ?? "").toLowerCase().includes(needle))
        result.push(tool);
      if (result.length >= MAX_MATCHES) break;
    }
    return result;
  }, [tools, exclude, query]);

  const pick = (name: string) => {
    onPick(name);
    setQuery("");
    setOpen(false);
  };

  return (
    <div className="relative">
      <input
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={label}
        aria-activedescendant={open && matches[active] ? `${listId}-${active}` : undefined}
        className={`${inputClass} h-8 text-xs`}
        placeholder={`${label}…`}
        data-testid="tool-picker"
        value={query}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 120)}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") setActive((index) => Math.min(index + 1, matches.length - 1));
          else if (event.key === "ArrowUp") setActive((index) => Math.max(index - 1, 0));
          else if (event.key === "Enter" && matches[active]) pick(matches[active].name);
          else if (event.key === "Escape") setOpen(false);
          else return;
          event.preventDefault();
        }}
      />
      {open && matches.length > 0 ? (
        <ul
          id={listId}
          role="listbox"
          className="absolute z-30 mt-1 max-h-60 w-full overflow-y-auto rounded-lg border border-line bg-panel py-1 shadow-lg"
        >
          {matches.map((tool, index) => (
            <li
              key={tool.name}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`cursor-pointer px-3 py-1.5 text-xs ${index === active ? "bg-accent-soft" : ""}`}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(tool.name);
              }}
              onMouseEnter={() => setActive(index)}
            >
              <span className="font-mono font-semibold text-ink">{tool.name}</span>
              {tool.namespace ? <span className="ml-2 text-muted">{tool.namespace}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
