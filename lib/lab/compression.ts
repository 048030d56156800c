/**
 * The compression knob: shorten every description, as the `stubs` strategy does, and measure what it saves in
 * tokens against what it costs in findability. Only descriptions change; names and argument schemas (which all
 * three searches also read) stay as they are.
 */
import { oneLineDescription } from "../catalog/describe-tool";
import type { CatalogTool } from "../core/catalog";
import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/translator";

export type CompressionLevel =
  | { id: "full"; label: string; kind: "full" }
  | { id: string; label: string; kind: "first-sentence"; maxCharacters?: number }
  | { id: string; label: string; kind: "characters"; characters: number }
  | { id: "none"; label: string; kind: "none" };

/** The stub strategy's one-line description: first sentence, at most 120 characters (lib/providers/stub-definition). */
export const STUB_DESCRIPTION_CHARACTERS = 120;

export const COMPRESSION_LEVELS: readonly CompressionLevel[] = [
  { id: "full", label: "Full", kind: "full" },
  { id: "first-sentence", label: "First sentence", kind: "first-sentence" },
  { id: "characters-200", label: "200 chars", kind: "characters", characters: 200 },
  { id: "stub", label: "Stub (≤120)", kind: "first-sentence", maxCharacters: STUB_DESCRIPTION_CHARACTERS },
  { id: "characters-80", label: "80 chars", kind: "characters", characters: 80 },
  { id: "characters-40", label: "40 chars", kind: "characters", characters: 40 },
  { id: "none", label: "Name only", kind: "none" },
];

/** A level's name in the reader's language ("Stub (≤120)", "存根（≤120）"); `label` is the English one. */
export function compressionLevelLabel(level: CompressionLevel, locale: Locale): string {
  const t = translatorFor(locale, "lab");
  if (level.kind === "characters") return t("compression.levels.characters", { count: level.characters });
  return t(`compression.levels.${level.id === "stub" ? "stub" : level.kind}`, { count: STUB_DESCRIPTION_CHARACTERS });
}

export function compressionLevel(id: string): CompressionLevel {
  return COMPRESSION_LEVELS.find((level) => level.id === id) ?? COMPRESSION_LEVELS[0];
}

/** The first `characters` of the whole description, whitespace collapsed, cut at a word boundary with "…". */
export function firstCharacters(text: string, characters: number): string {
  const collapsed = text.replace(/\s+/g, " ").trim();
  if (collapsed.length <= characters) return collapsed;
  const cut = collapsed.slice(0, Math.max(0, characters - 1));
  const lastSpace = cut.lastIndexOf(" ");
  // Same rule as the stubs' one-liner: cut at a word unless that throws away most of the text.
  return (lastSpace > characters * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd() + "…";
}

export function compressDescription(tool: CatalogTool, level: CompressionLevel): string {
  switch (level.kind) {
    case "full":
      return tool.description;
    case "first-sentence":
      return oneLineDescription(tool, level.maxCharacters ?? Number.MAX_SAFE_INTEGER);
    case "characters":
      return firstCharacters(tool.description, level.characters);
    case "none":
      return "";
  }
}

export function compressCatalog(tools: readonly CatalogTool[], level: CompressionLevel): CatalogTool[] {
  if (level.kind === "full") return [...tools];
  return tools.map((tool) => ({ ...tool, description: compressDescription(tool, level) }));
}
