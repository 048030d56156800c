import type { CatalogTool } from "../core/catalog";
import type { ToolEntry } from "../core";
import type { SegmentList } from "./segment-list";

/**
 * One top-level tool of a format without deferral (Chat Completions, Gemini): a catalog tool or helper in full, or
 * its stub, rendered by `definition` and added to the segment list under `format`. Anything else is refused with
 * the format's name, so a strategy the format cannot carry fails loudly.
 */
export function renderPlainTool<Wire>(
  format: { key: string; prefix: string; name: string },
  entry: ToolEntry,
  path: string,
  list: SegmentList,
  definition: (tool: CatalogTool, variant: "full" | "stub") => { wire: Wire; text: string },
): Wire {
  if (entry.type !== "catalog" && entry.type !== "stub" && entry.type !== "helper")
    throw new Error(`${format.prefix}: tool entry ${entry.type} has no ${format.name} form`);
  if (entry.type === "catalog" && entry.deferred)
    throw new Error(`${format.prefix}: ${format.name} has no defer_loading`);
  const variant = entry.type === "stub" ? "stub" : "full";
  const rendered = definition(entry.tool, variant);
  list.addTool(entry.tool, `${format.key}:${variant}`, path, () => ({
    label: `${variant === "stub" ? "stub" : "function"} ${entry.tool.name}`,
    group: "tools",
    promptText: rendered.text,
    toolDefinitionText: rendered.text,
  }));
  return rendered.wire;
}
