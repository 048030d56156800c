/**
 * Marks the segments of a rendered request that carry text from the tool catalog: what third-party tool servers
 * wrote (names, descriptions, schemas) and where it reaches the model. Read from the body at each segment's path,
 * so it needs no provider branch: a `tools` entry is third-party when it names a catalog tool; a message block when
 * it holds tool definitions (a declaration, tool_reference expanded by the provider) or quotes a catalog tool's name
 * with the start of its description (a search result, a help page, a listing); the system prompt likewise.
 */
import type { CatalogTool } from "../core/catalog";
import type { Segment } from "../core/wire";
import type { ThirdPartyLanding, ThirdPartySpan, ThirdPartySurface } from "../core/third-party";

type Mark = { landing: ThirdPartyLanding; role: string } | null;

/** How much of a description must be quoted beside the tool's name for a text to count as the catalog's. */
const DESCRIPTION_PREFIX_CHARACTERS = 24;

function pathParts(path: string): Array<string | number> {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) =>
    match[2] !== undefined ? Number(match[2]) : match[1],
  );
}

function valueAt(body: unknown, parts: readonly (string | number)[]): unknown {
  let value = body;
  for (const part of parts) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string | number, unknown>)[part];
  }
  return value;
}

function namesIn(value: unknown, depth = 0, names: string[] = []): string[] {
  if (depth > 4 || value === null || typeof value !== "object") return names;
  if (Array.isArray(value)) {
    for (const item of value) namesIn(item, depth + 1, names);
    return names;
  }
  const record = value as Record<string, unknown>;
  if (typeof record.name === "string") names.push(record.name);
  for (const key of ["function", "tools"]) if (key in record) namesIn(record[key], depth + 1, names);
  return names;
}

/** Whether a text quotes a catalog tool: its exact name and the start of its description. */
function quotesCatalog(text: string, catalog: ReadonlyMap<string, CatalogTool>): boolean {
  for (const match of text.matchAll(/[A-Za-z_][\w.:-]*/g)) {
    const tool = catalog.get(match[0]);
    if (!tool) continue;
    const start = tool.description.trim().slice(0, DESCRIPTION_PREFIX_CHARACTERS);
    if (start.length > 0 && text.includes(start)) return true;
  }
  return false;
}

/** Every string in a value, joined: a JSON rendering would hide a name behind an escape (`\\nget_weather`). */
function textOf(value: unknown, depth = 0): string {
  if (typeof value === "string") return value;
  if (depth > 8 || value === null || typeof value !== "object") return "";
  return Object.values(value as Record<string, unknown>)
    .map((item) => textOf(item, depth + 1))
    .join("\n");
}

const RESULT_TYPES = /tool_result|function_call_output|tool_search_output|tool_search_tool_result/;

function markOf(segment: Segment, body: unknown, catalog: ReadonlyMap<string, CatalogTool>): Mark {
  if (segment.outsidePrompt) return null;
  const parts = pathParts(segment.path);
  const value = valueAt(body, parts);
  if (segment.group === "tools") {
    return namesIn(value).some((name) => catalog.has(name)) ? { landing: "tools", role: "tools" } : null;
  }
  const carries = segment.toolDefinitionTokens > 0 || quotesCatalog(textOf(value), catalog);
  if (!carries) return null;
  const message = parts.length >= 2 ? valueAt(body, parts.slice(0, 2)) : undefined;
  const record = message !== null && typeof message === "object" ? (message as Record<string, unknown>) : {};
  const role = typeof record.role === "string" ? record.role : typeof record.type === "string" ? record.type : "system";
  if (segment.group === "system") return { landing: "system-prompt", role: "system" };
  if (role === "system" || role === "developer") return { landing: "system-message", role };
  const kind = `${String(valueAt(value, ["type"]))} ${String(record.type)} ${role === "tool" ? "tool_result" : ""}`;
  return { landing: RESULT_TYPES.test(kind) ? "tool-result" : "message", role };
}

/**
 * Remembers each block's mark by its key within one run: most blocks repeat in every request. A repeated block is
 * mostly the very segment object of the previous request (tool definitions are memoised segments), so the mark is
 * first looked up by the object: at 10,000 tools, building and hashing a key string per block per request cost more
 * than the rest of the marking.
 */
export function thirdPartyMarker(catalog: ReadonlyMap<string, CatalogTool>) {
  const memo = new Map<string, Mark>();
  // A plain map: the run's steps hold its segments anyway, and a weak map's entries cost the collector more.
  const bySegment = new Map<Segment, Mark>();
  return (segments: readonly Segment[], body: unknown): ThirdPartySpan[] => {
    const spans: ThirdPartySpan[] = [];
    segments.forEach((segment, index) => {
      let mark = bySegment.get(segment);
      if (mark === undefined) {
        const cacheKey = `${segment.group}:${segment.key}`;
        mark = memo.get(cacheKey);
        if (mark === undefined) {
          mark = markOf(segment, body, catalog);
          memo.set(cacheKey, mark);
        }
        bySegment.set(segment, mark);
      }
      if (!mark) return;
      const tokens =
        segment.group === "messages" && segment.toolDefinitionTokens > 0
          ? segment.toolDefinitionTokens
          : segment.tokens;
      const last = spans[spans.length - 1];
      if (last && last.to === index - 1 && last.landing === mark.landing && last.role === mark.role) {
        last.to = index;
        last.toPath = segment.path;
        last.tokens += tokens;
      } else spans.push({ from: index, to: index, fromPath: segment.path, toPath: segment.path, ...mark, tokens });
    });
    return spans;
  };
}

/** A run's surface from its requests' spans. */
export function thirdPartySurface(requests: ReadonlyArray<readonly ThirdPartySpan[]>): ThirdPartySurface {
  const landings: ThirdPartySurface["landings"] = [];
  let peakTokens = 0;
  let firstRequest: number | null = null;
  requests.forEach((spans, index) => {
    let tokens = 0;
    for (const span of spans) {
      tokens += span.tokens;
      if (!landings.some((seen) => seen.landing === span.landing && seen.role === span.role))
        landings.push({ landing: span.landing, role: span.role });
    }
    if (spans.length > 0 && firstRequest === null) firstRequest = index + 1;
    peakTokens = Math.max(peakTokens, tokens);
  });
  return { landings, peakTokens, firstRequest };
}
