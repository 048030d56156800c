import { redactSecrets } from "../live/redact";
import { measuredUsageFrom } from "../live/usage";
import { PROVIDER_IDS, type ProviderId } from "../scenario/types";
import { providerOfBody, providerOfUrl } from "./detect-provider";
import { looksLikeSse, responseFromSse } from "./sse";
import {
  describeLocation,
  type ParsedTrace,
  type ProgressCallback,
  type SkippedRecord,
  type TraceFormat,
  type TraceLocation,
  type TraceParse,
  type TraceRequest,
} from "./types";

type Json = Record<string, unknown>;

/**
 * The largest trace read, in UTF-16 code units of its text. A browser cannot hold one string much beyond 512 M code
 * units (V8's limit), and parsing needs the text and its JSON at once; 256 M leaves room for both.
 */
export const MAX_TRACE_CHARACTERS = 256 * 1024 * 1024;

/** One record before it is checked: only the fields explaining a request needs are ever copied out of the file. */
type RawRecord = {
  location: TraceLocation;
  timestamp: unknown;
  url: string | null;
  body: unknown;
  response: unknown;
  responseMimeType?: string;
  status?: number;
};

export type ReadTraceOptions = {
  provider?: ProviderId;
  onProgress?: ProgressCallback;
  /** The size limit; MAX_TRACE_CHARACTERS unless a caller (a test) sets a smaller one. */
  maxCharacters?: number;
};

/**
 * Reads a trace: HAR 1.2 (a JSON document with `log.entries`) or JSON Lines (one request body, or an envelope
 * `{timestamp, url?, request, response?}`, per line). Authorization headers, API keys and cookies are never read
 * (only URL path, timestamp, request body and response body are copied), and key-shaped strings in the copied text
 * are replaced before parsing. Unreadable records are skipped with the reason; a file with none readable is an error.
 */
export function readTrace(text: string, options: ReadTraceOptions = {}): TraceParse {
  const limit = options.maxCharacters ?? MAX_TRACE_CHARACTERS;
  if (text.length > limit)
    return {
      ok: false,
      error: `trace: the file is ${formatSize(text.length)}, more than the ${formatSize(limit)} a trace may have; export fewer requests (a HAR filtered to the provider's domain is far smaller)`,
    };
  if (text.trim() === "") return { ok: false, error: "trace: the file is empty" };
  const har = harEntries(text);
  if (har && "error" in har) return { ok: false, error: har.error };
  const format: TraceFormat = har ? "har" : "jsonl";
  const collected = har ? { records: har.records, skipped: [] as SkippedRecord[] } : jsonLines(text);
  if (
    !har &&
    collected.records.length === 0 &&
    collected.skipped.length > 0 &&
    collected.skipped[0].location.number === 1
  )
    if (collected.skipped.every((record) => record.reason.startsWith("not JSON")))
      return {
        ok: false,
        error: `trace: not a HAR file or JSON Lines: ${describeLocation(collected.skipped[0].location)} is ${collected.skipped[0].reason}`,
      };
  return finish(format, collected.records, collected.skipped, har?.ignored ?? 0, options);
}

function harEntries(text: string): { records: RawRecord[]; ignored: number } | { error: string } | null {
  const start = text.trimStart();
  if (!start.startsWith("{") || !/"log"\s*:/.test(start.slice(0, 4_096))) return null;
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    // One JSON object per line is JSON Lines, not a broken HAR.
    if (text.trim().includes("\n")) return null;
    return { error: `trace: the HAR file is not valid JSON (${(error as Error).message})` };
  }
  const entries = (document as { log?: { entries?: unknown } })?.log?.entries;
  if (!Array.isArray(entries)) return { error: "trace: the HAR file has no log.entries array (HAR 1.2)" };
  const records: RawRecord[] = [];
  let ignored = 0;
  entries.forEach((value, index) => {
    const entry = record(value) ?? {};
    const request = record(entry.request) ?? {};
    const url = typeof request.url === "string" ? request.url : "";
    if (String(request.method ?? "").toUpperCase() !== "POST" || providerOfUrl(url) === null) {
      ignored += 1;
      return;
    }
    const response = record(entry.response) ?? {};
    const content = record(response.content) ?? {};
    records.push({
      location: { kind: "entry", number: index + 1 },
      timestamp: entry.startedDateTime,
      url,
      body: record(request.postData)?.text,
      response: decodeContent(content),
      responseMimeType: typeof content.mimeType === "string" ? content.mimeType : undefined,
      status: typeof response.status === "number" ? response.status : undefined,
    });
  });
  if (records.length === 0)
    return {
      error: `trace: none of the HAR's ${entries.length} entries POSTs to a provider endpoint (/v1/messages, /v1/responses, /chat/completions)`,
    };
  return { records, ignored };
}

function decodeContent(content: Json): string | undefined {
  if (typeof content.text !== "string") return undefined;
  if (content.encoding !== "base64") return content.text;
  try {
    const bytes = Uint8Array.from(atob(content.text), (character) => character.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return undefined;
  }
}

function jsonLines(text: string): { records: RawRecord[]; skipped: SkippedRecord[] } {
  const records: RawRecord[] = [];
  const skipped: SkippedRecord[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    const location: TraceLocation = { kind: "line", number: index + 1 };
    let value: unknown;
    try {
      value = JSON.parse(redactSecrets(line));
    } catch (error) {
      skipped.push({ location, reason: `not JSON (${(error as Error).message})` });
      return;
    }
    const object = record(value);
    if (!object) {
      skipped.push({ location, reason: "not a JSON object" });
      return;
    }
    if (record(object.request)) {
      records.push({
        location,
        timestamp: object.timestamp,
        url: typeof object.url === "string" ? object.url : null,
        body: object.request,
        response: object.response,
      });
    } else records.push({ location, timestamp: undefined, url: null, body: object, response: undefined });
  });
  return { records, skipped };
}

function finish(
  format: TraceFormat,
  records: readonly RawRecord[],
  skipped: SkippedRecord[],
  ignored: number,
  options: ReadTraceOptions,
): TraceParse {
  const candidates: Array<Omit<TraceRequest, "provider" | "measured"> & { provider: ProviderId }> = [];
  records.forEach((raw, index) => {
    if (index % 200 === 0) options.onProgress?.(index / records.length);
    const body = typeof raw.body === "string" ? parseBody(raw.body) : record(raw.body);
    if (!body) {
      skipped.push({ location: raw.location, reason: "the request body is missing or not a JSON object" });
      return;
    }
    if (raw.status !== undefined && (raw.status < 200 || raw.status >= 300)) {
      skipped.push({ location: raw.location, reason: `the provider answered HTTP ${raw.status}: nothing was billed` });
      return;
    }
    const url = raw.url ? withoutSecrets(raw.url) : null;
    const provider = options.provider ?? (url ? providerOfUrl(url) : null) ?? providerOfBody(body);
    if (!provider) {
      skipped.push({
        location: raw.location,
        reason: `a body of unknown shape (keys ${Object.keys(body).slice(0, 6).join(", ") || "none"}): not Anthropic Messages, OpenAI Responses or Chat Completions`,
      });
      return;
    }
    candidates.push({
      location: raw.location,
      timestampMs: timestampOf(raw.timestamp),
      url,
      provider,
      body,
      response: responseOf(provider, raw),
    });
  });
  if (candidates.length === 0) {
    const first = skipped[0];
    return {
      ok: false,
      error: first
        ? `trace: no readable request; ${describeLocation(first.location)}: ${first.reason}`
        : "trace: no request found",
    };
  }
  const provider = options.provider ?? majorityProvider(candidates);
  const requests: TraceRequest[] = [];
  for (const candidate of candidates) {
    if (candidate.provider !== provider) {
      skipped.push({
        location: candidate.location,
        reason: `a ${candidate.provider} request in a ${provider} trace (one provider per trace)`,
      });
      continue;
    }
    requests.push({
      ...candidate,
      measured: candidate.response ? measuredUsageFrom(provider, candidate.response) : null,
    });
  }
  const notes: string[] = [];
  const timed = requests.filter((request) => request.timestampMs !== null).length;
  if (timed < requests.length)
    notes.push(
      timed === 0
        ? "No request has a timestamp: they are treated as back to back, so no cache entry expires."
        : `${requests.length - timed} of ${requests.length} requests have no timestamp: each is treated as sent right after the one before.`,
    );
  // Requests are explained in the order they were sent; a HAR lists them in order of start, JSONL as written.
  if (timed === requests.length) requests.sort((a, b) => (a.timestampMs as number) - (b.timestampMs as number));
  if (ignored > 0) notes.push(`${ignored} HAR entries are not requests to a provider endpoint and were left out.`);
  skipped.sort((a, b) => a.location.number - b.location.number);
  options.onProgress?.(1);
  const trace: ParsedTrace = { format, provider, requests, skipped, notes };
  return { ok: true, trace };
}

function parseBody(text: string): Json | undefined {
  try {
    return record(JSON.parse(redactSecrets(text)));
  } catch {
    return undefined;
  }
}

/** The response as JSON: a whole response, just its usage (JSONL envelopes), or an SSE stream folded into one. */
function responseOf(provider: ProviderId, raw: RawRecord): Json | null {
  if (raw.response === undefined || raw.response === null) return null;
  if (typeof raw.response === "string") {
    const text = redactSecrets(raw.response);
    if (looksLikeSse(text, raw.responseMimeType)) return responseFromSse(provider, text);
    try {
      return asResponse(record(JSON.parse(text)));
    } catch {
      return null;
    }
  }
  return asResponse(record(raw.response));
}

function asResponse(value: Json | undefined): Json | null {
  if (!value) return null;
  const isUsageItself = ["input_tokens", "prompt_tokens", "cache_read_input_tokens"].some((key) => key in value);
  return isUsageItself && !("usage" in value) ? { usage: value } : value;
}

function timestampOf(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value > 1e12 ? value : value * 1000;
  if (typeof value !== "string") return null;
  const milliseconds = Date.parse(value);
  return Number.isNaN(milliseconds) ? null : milliseconds;
}

/** Keys travel in query strings too (`?key=`, `?api-key=`): a URL keeps only its origin and path. */
function withoutSecrets(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return redactSecrets(url.split(/[?#]/)[0]);
  }
}

function majorityProvider(candidates: ReadonlyArray<{ provider: ProviderId }>): ProviderId {
  const counts = new Map<ProviderId, number>();
  for (const candidate of candidates) counts.set(candidate.provider, (counts.get(candidate.provider) ?? 0) + 1);
  return [...PROVIDER_IDS].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0))[0];
}

function record(value: unknown): Json | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined;
}

function formatSize(characters: number): string {
  const megabytes = characters / (1024 * 1024);
  return megabytes >= 10 ? `${Math.round(megabytes)} MB` : `${megabytes.toFixed(1)} MB`;
}
