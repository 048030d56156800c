/**
 * Small readers a provider's reply reader shares: a real response is read back into the engine's provider-neutral
 * transcript blocks (so the same renderers build the next request), plus the provider-native assistant content to
 * send back verbatim (lib/live/wire-overlay.ts).
 */
import { ANTHROPIC_BM25_INPUT_KEY } from "./anthropic/anthropic-constants";
import { engineNote } from "../i18n/engine-notes";

export type Json = Record<string, unknown>;

export function record(value: unknown): Json {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {};
}

export function array(value: unknown): Json[] {
  return Array.isArray(value) ? value.map(record) : [];
}

export function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** Tool-call arguments arrive as JSON text in OpenAI formats; a model can send broken JSON, kept visible. */
export function parseArguments(raw: unknown, notes: string[], name: string): Record<string, unknown> {
  if (raw !== null && typeof raw === "object" && !Array.isArray(raw)) return raw as Record<string, unknown>;
  if (typeof raw !== "string" || raw.trim() === "") return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  notes.push(engineNote("notAnObject", { name, raw: raw.slice(0, 200) }));
  return { _unparsed: raw };
}

export function searchQuery(input: Json): string {
  for (const key of ["pattern", ANTHROPIC_BM25_INPUT_KEY, "query", "q"])
    if (typeof input[key] === "string") return input[key] as string;
  if (Array.isArray(input.paths)) return input.paths.join(" ");
  return JSON.stringify(input);
}

export function safeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return { query: value };
  }
}
