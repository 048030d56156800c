import { translatorFor } from "../i18n/translator";
import type { Locale } from "../i18n/locales";
import { redactSecrets } from "../live/redact";
import { measuredUsageFrom } from "../live/usage";
import { PROVIDER_IDS, type ProviderId } from "../core/ids";
import { modelOfUrl, providerOfRequest, providerOfUrl } from "./detect-provider";
import { foreignFormatError, foreignFormatOf, foreignRecordReason, type ForeignFormat } from "./foreign-formats";
import { looksLikeSse, responseFromEvents, responseFromSse } from "./sse";
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

/** What one JSONL line or JSON-array element holds: a request, something to leave out, or a record to skip. */
type LineRecord =
  | { kind: "request"; record: RawRecord }
  | { kind: "ignored" }
  | { kind: "skipped"; reason: string; foreign?: ForeignFormat };

export type ReadTraceOptions = {
  provider?: ProviderId;
  onProgress?: ProgressCallback;
  /** The size limit; MAX_TRACE_CHARACTERS unless a caller (a test) sets a smaller one. */
  maxCharacters?: number;
  /** The reader's language for the notes; English when absent (CLI, tests). */
  locale?: Locale;
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
  const document = har ? null : wholeDocument(text);
  if (document && "error" in document) return { ok: false, error: document.error };
  const format: TraceFormat = har ? "har" : "jsonl";
  const collected = har
    ? { records: har.records, skipped: [] as SkippedRecord[], ignored: har.ignored }
    : document
      ? collect(document.values.map((value, index) => ({ value, location: entryAt(index) })))
      : jsonLines(text);
  if ("error" in collected) return { ok: false, error: collected.error };
  if (
    !har &&
    !document &&
    collected.records.length === 0 &&
    collected.skipped.length > 0 &&
    collected.skipped[0].location.number === 1
  )
    if (collected.skipped.every((record) => record.reason.startsWith("not JSON")))
      return {
        ok: false,
        error: `trace: not a HAR file or JSON Lines: ${describeLocation(collected.skipped[0].location)} is ${collected.skipped[0].reason}`,
      };
  return finish(format, collected.records, collected.skipped, collected.ignored, options);
}

function entryAt(index: number): TraceLocation {
  return { kind: "entry", number: index + 1 };
}

/**
 * A file that is one JSON document but not a HAR: a JSON array of records (what many loggers write instead of JSON
 * Lines), or a whole document in a format that cannot be explained (an OpenTelemetry export, a Langfuse export).
 * Null for JSON Lines, whose first line alone is a document only when the file has one line.
 */
function wholeDocument(text: string): { values: unknown[] } | { error: string } | null {
  const start = text.trimStart();
  if (!start.startsWith("[") && !start.startsWith("{")) return null;
  let value: unknown;
  try {
    value = JSON.parse(redactSecrets(text));
  } catch {
    return null;
  }
  if (Array.isArray(value)) return { values: value };
  const object = record(value);
  if (!object) return null;
  const foreign = foreignFormatOf(object);
  if (foreign) return { error: foreignFormatError(foreign) };
  // A single pretty-printed request or envelope: one record.
  return text.trim().includes("\n") ? { values: [object] } : null;
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
    const postText = record(request.postData)?.text;
    if (
      String(request.method ?? "").toUpperCase() !== "POST" ||
      !(providerOfUrl(url) !== null || (!isCountingEndpoint(url) && looksLikeModelRequest(postText)))
    ) {
      ignored += 1;
      return;
    }
    const response = record(entry.response) ?? {};
    const content = record(response.content) ?? {};
    records.push({
      location: { kind: "entry", number: index + 1 },
      timestamp: entry.startedDateTime,
      url,
      body: postText,
      response: decodeContent(content),
      responseMimeType: typeof content.mimeType === "string" ? content.mimeType : undefined,
      status: typeof response.status === "number" ? response.status : undefined,
    });
  });
  if (records.length === 0)
    return {
      error: `trace: none of the HAR's ${entries.length} entries POSTs a model request (to /v1/messages, /v1/responses, /chat/completions, or a body with a model and messages or input)`,
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

function jsonLines(text: string): Collected | { error: string } {
  const items: Array<{ value: unknown; location: TraceLocation; error?: string }> = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === "") return;
    const location: TraceLocation = { kind: "line", number: index + 1 };
    try {
      items.push({ value: JSON.parse(redactSecrets(line)), location });
    } catch (error) {
      items.push({ value: undefined, location, error: `not JSON (${(error as Error).message})` });
    }
  });
  return collect(items);
}

type Collected = { records: RawRecord[]; skipped: SkippedRecord[]; ignored: number };

function collect(
  items: ReadonlyArray<{ value: unknown; location: TraceLocation; error?: string }>,
): Collected | { error: string } {
  const records: RawRecord[] = [];
  const skipped: SkippedRecord[] = [];
  const foreign = new Map<string, { format: ForeignFormat; count: number }>();
  let ignored = 0;
  for (const item of items) {
    if (item.error) {
      skipped.push({ location: item.location, reason: item.error });
      continue;
    }
    const line = lineRecord(item.value, item.location);
    if (line.kind === "request") records.push(line.record);
    else if (line.kind === "ignored") ignored += 1;
    else {
      skipped.push({ location: item.location, reason: line.reason });
      if (line.foreign) {
        const seen = foreign.get(line.foreign.id) ?? { format: line.foreign, count: 0 };
        seen.count += 1;
        foreign.set(line.foreign.id, seen);
      }
    }
  }
  // A file wholly in a format that records no requests is named as such, not as N unreadable lines.
  if (records.length === 0 && foreign.size > 0) {
    const [mostly] = [...foreign.values()].sort((a, b) => b.count - a.count);
    return { error: foreignFormatError(mostly.format) };
  }
  return { records, skipped, ignored };
}

/**
 * One record of a JSON Lines file or JSON array. It is a bare request body, or an envelope around one. Envelopes come
 * in the shapes loggers and proxies write: `{timestamp, url?, request, response?}` with `request`/`response` as
 * objects or as JSON strings, `body` or `request_body` for the request, and HTTP-level pairs (claude-trace,
 * anyclaude, …) `{request: {timestamp, method, url, headers, body}, response: {status_code, body | body_raw}}`.
 * Headers are never copied.
 */
function lineRecord(value: unknown, location: TraceLocation): LineRecord {
  const object = record(value);
  if (!object) return { kind: "skipped", reason: "not a JSON object" };
  const foreign = foreignFormatOf(object);
  if (foreign) return { kind: "skipped", reason: foreignRecordReason(foreign), foreign };
  if (isRequestBody(object))
    return {
      kind: "request",
      record: { location, timestamp: timestampField(object), url: null, body: object, response: undefined },
    };
  let request = jsonValue(object.request) ?? jsonValue(object.request_body) ?? jsonValue(object.body);
  let url = typeof object.url === "string" ? object.url : null;
  let timestamp = timestampField(object);
  if (request && !isRequestBody(request) && (request.body !== undefined || request.url !== undefined)) {
    // An HTTP-level record: the body sits inside, beside the method, URL and headers (never copied).
    if (typeof request.url === "string") url ??= request.url;
    // The request's own time, not when the pair was logged (claude-trace's logged_at is after the response).
    timestamp = timestampField(request) ?? timestamp;
    const method = typeof request.method === "string" ? request.method.toUpperCase() : "POST";
    if (method !== "POST" || (url !== null && isCountingEndpoint(url))) return { kind: "ignored" };
    request = jsonValue(request.body);
    if (!request) return { kind: "skipped", reason: "the request body is missing or not a JSON object" };
  }
  if (!request)
    return {
      kind: "skipped",
      reason: `a body of unknown shape (keys ${Object.keys(object).slice(0, 6).join(", ") || "none"}): not a request body (model with messages or input) nor an envelope with a request`,
    };
  if (url !== null && isCountingEndpoint(url)) return { kind: "ignored" };
  const { response, status } = responseField(object);
  return { kind: "request", record: { location, timestamp, url, body: request, response, status } };
}

/** The response of an envelope, unwrapped from an HTTP-level record (`{status_code, body | body_raw | events}`). */
function responseField(object: Json): { response: unknown; status?: number } {
  const raw = object.response ?? object.response_body;
  const status = numberField(object, ["status", "status_code", "statusCode"]);
  const wrapped = typeof raw === "string" ? (jsonValue(raw) ?? raw) : raw;
  const response = record(wrapped);
  const isProviderResponse =
    response &&
    [
      "usage",
      "content",
      "choices",
      "output",
      "input_tokens",
      "prompt_tokens",
      "type",
      "id",
      "usageMetadata",
      "candidates",
    ].some((key) => key in response);
  if (response && !isProviderResponse && ("body" in response || "body_raw" in response || "events" in response)) {
    const inner = response.body ?? response.body_raw ?? response.events;
    return {
      response: typeof inner === "string" ? (jsonValue(inner) ?? inner) : inner,
      status: numberField(response, ["status_code", "statusCode", "status"]) ?? status,
    };
  }
  return { response: wrapped, status };
}

function numberField(object: Json, keys: readonly string[]): number | undefined {
  for (const key of keys) if (typeof object[key] === "number") return object[key] as number;
  return undefined;
}

/** The first timestamp-like field of a record, as recorded (parsed later). */
function timestampField(object: Json): unknown {
  for (const key of [
    "timestamp",
    "ts",
    "time",
    "created_at",
    "createdAt",
    "startedDateTime",
    "start_time",
    "logged_at",
  ])
    if (object[key] !== undefined && object[key] !== null) return object[key];
  return undefined;
}

/**
 * A JSON object given as an object or as its JSON text (loggers often store bodies as strings). The text is redacted
 * again before parsing: inside the line it was escaped (`\"api_key\":\"…\"`), which the key shapes do not match.
 */
function jsonValue(value: unknown): Json | undefined {
  if (typeof value !== "string") return record(value);
  const text = value.trimStart();
  if (!text.startsWith("{")) return undefined;
  try {
    return record(JSON.parse(redactSecrets(value)));
  } catch {
    return undefined;
  }
}

/** A provider request body itself: a model (or Bedrock/Vertex's `anthropic_version`) with messages or input. */
function isRequestBody(object: Json): boolean {
  // Gemini's body names no model (it is in the URL) and holds `contents`.
  return (
    Array.isArray(object.messages) ||
    (object.input !== undefined && "model" in object) ||
    Array.isArray(object.contents)
  );
}

/** True for a POSTed JSON text that is a model request, whatever URL it went to (a local gateway, a proxy). */
function looksLikeModelRequest(text: unknown): boolean {
  if (typeof text !== "string" || !/"(messages|input)"\s*:/.test(text)) return false;
  const body = jsonValue(text);
  return (
    body !== undefined &&
    (typeof body.model === "string" || typeof body.anthropic_version === "string") &&
    (Array.isArray(body.messages) || body.input !== undefined)
  );
}

/** Token-counting endpoints are not billed generations (`/v1/messages/count_tokens`, `/v1/responses/input_tokens`). */
function isCountingEndpoint(url: string): boolean {
  return /\/(count_tokens|input_tokens|countTokens|tokenizers\/[^/]*)$/.test(url.split(/[?#]/)[0]);
}

function finish(
  format: TraceFormat,
  records: readonly RawRecord[],
  skipped: SkippedRecord[],
  ignored: number,
  options: ReadTraceOptions,
): TraceParse {
  const candidates: Array<Omit<TraceRequest, "provider" | "measured"> & { provider: ProviderId }> = [];
  let zoneless = 0;
  records.forEach((raw, index) => {
    if (index % 200 === 0) options.onProgress?.(index / records.length);
    const body = typeof raw.body === "string" ? parseBody(raw.body) : record(raw.body);
    if (!body) {
      skipped.push({ location: raw.location, reason: "the request body is missing or not a JSON object" });
      return;
    }
    if (raw.status === 0) {
      // HAR's status 0: no response was recorded (blocked, cancelled, or still streaming when the file was saved).
      skipped.push({
        location: raw.location,
        reason:
          "no response was recorded (status 0: the request failed, was cancelled, or was still open when the file was saved)",
      });
      return;
    }
    if (raw.status !== undefined && (raw.status < 200 || raw.status >= 300)) {
      skipped.push({ location: raw.location, reason: `the provider answered HTTP ${raw.status}: nothing was billed` });
      return;
    }
    const url = raw.url ? withoutSecrets(raw.url) : null;
    const provider = options.provider ?? providerOfRequest(url, body);
    if (!provider) {
      skipped.push({
        location: raw.location,
        reason: `a body of unknown shape (keys ${Object.keys(body).slice(0, 6).join(", ") || "none"}): not Anthropic Messages, OpenAI Responses or Chat Completions`,
      });
      return;
    }
    const response = responseOf(provider, raw);
    const refusal = response ? providerError(response) : null;
    if (refusal) {
      // An error answer (a JSONL envelope carries no HTTP status) was never a request the provider served: it is
      // neither priced nor cached, and must not take a request number from the requests after it.
      skipped.push({
        location: raw.location,
        reason: `the provider answered with an error (${refusal}): nothing was billed`,
      });
      return;
    }
    const time = timestampOf(raw.timestamp);
    if (time.withoutZone) zoneless += 1;
    candidates.push({
      location: raw.location,
      timestampMs: time.milliseconds,
      url,
      model: typeof body.model === "string" ? body.model : url ? modelOfUrl(url) : null,
      provider,
      body,
      response,
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
  const t = translatorFor(options.locale ?? "en", "trace");
  const timed = requests.filter((request) => request.timestampMs !== null).length;
  if (timed < requests.length)
    notes.push(
      timed === 0
        ? t("notes.noTimestamps")
        : t("notes.someUntimed", { untimed: requests.length - timed, requests: requests.length }),
    );
  // Requests are explained in the order they were sent; a HAR lists them in order of start, JSONL as written.
  if (timed === requests.length) requests.sort((a, b) => (a.timestampMs as number) - (b.timestampMs as number));
  if (zoneless > 0) notes.push(t("notes.zoneless", { count: zoneless }));
  if (ignored > 0) notes.push(t("notes.ignored", { count: ignored, format: format === "har" ? "har" : "jsonl" }));
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
  if (Array.isArray(raw.response)) return responseFromEvents(provider, raw.response);
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

/**
 * A timestamp as loggers write it: ISO 8601 with or without a zone (a zone-less one is read as UTC, so the CLI and
 * a browser in any zone agree), `2026-12-01 10:00:00.123456` (Python's str(datetime)), or an epoch number (or
 * numeric string) in seconds, milliseconds, microseconds or nanoseconds (OpenTelemetry), told apart by size.
 */
function timestampOf(value: unknown): { milliseconds: number | null; withoutZone: boolean } {
  const none = { milliseconds: null, withoutZone: false };
  const number =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^\d+(\.\d+)?$/.test(value.trim())
        ? Number(value)
        : NaN;
  if (Number.isFinite(number) && number > 0) {
    if (number > 1e17) return { milliseconds: number / 1e6, withoutZone: false };
    if (number > 1e14) return { milliseconds: number / 1e3, withoutZone: false };
    if (number > 1e11) return { milliseconds: number, withoutZone: false };
    return { milliseconds: number * 1000, withoutZone: false };
  }
  if (typeof value !== "string") return none;
  const text = value.trim();
  const isoWithoutZone = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text);
  const milliseconds = Date.parse(isoWithoutZone ? `${text.replace(" ", "T")}Z` : text);
  return Number.isNaN(milliseconds) ? none : { milliseconds, withoutZone: isoWithoutZone };
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

/**
 * The error of an error answer, in a few words, or null for a served response: Anthropic's
 * `{"type":"error","error":{type,message}}`, OpenAI's and Moonshot's `{"error":{message,type,code}}`. A response
 * with usage, content, choices or output was served, whatever else it carries.
 */
function providerError(response: Json): string | null {
  const served = ["usage", "content", "choices", "output", "usageMetadata", "candidates"].some(
    (key) => response[key] !== undefined,
  );
  const error = record(response.error);
  if (served || (response.type !== "error" && !error)) return null;
  const kind = [error?.type, error?.code].find((value) => typeof value === "string" && value !== "") ?? "error";
  const message = typeof error?.message === "string" ? error.message : "";
  const short = message.length > 120 ? `${message.slice(0, 117)}…` : message;
  return short ? `${kind}: ${short}` : String(kind);
}

function record(value: unknown): Json | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined;
}

function formatSize(characters: number): string {
  const megabytes = characters / (1024 * 1024);
  return megabytes >= 10 ? `${Math.round(megabytes)} MB` : `${megabytes.toFixed(1)} MB`;
}
