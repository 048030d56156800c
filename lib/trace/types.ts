import type { MeasuredUsage } from "../core";
import type { ProviderId } from "../core/ids";

type Json = Record<string, unknown>;

/** Where a request came from in the file, for messages people can act on: "line 12", "entry 7". */
export type TraceLocation = { kind: "line" | "entry"; number: number };

/** One recorded request, with nothing but what explaining it needs (no headers, cookies or query strings). */
export type TraceRequest = {
  location: TraceLocation;
  /** Milliseconds since the epoch, or null when the record had no timestamp. */
  timestampMs: number | null;
  /** The endpoint without its query string, when the record had one. */
  url: string | null;
  /** The model as recorded: the body's `model`, or the URL's on Bedrock and Vertex AI (their bodies name none). */
  model: string | null;
  provider: ProviderId;
  body: Json;
  /** The provider's complete response (a stream folded into one), when the record carried it. */
  response: Json | null;
  /** The usage the provider reported, in the engine's terms. */
  measured: MeasuredUsage | null;
};

export type SkippedRecord = { location: TraceLocation; reason: string };

export type TraceFormat = "jsonl" | "har";

export type ParsedTrace = {
  format: TraceFormat;
  provider: ProviderId;
  requests: TraceRequest[];
  /** Records that could not be read, each with why; the readable ones are still imported. */
  skipped: SkippedRecord[];
  /** Statements about the whole trace ("no timestamps: treated as back to back"). */
  notes: string[];
};

/** A trace, or why it cannot be imported at all (in words that name the line or entry). */
export type TraceParse = { ok: true; trace: ParsedTrace } | { ok: false; error: string };

/** Called now and then while a large trace is read: the share of the work done, in [0, 1]. */
export type ProgressCallback = (fraction: number) => void;

export function describeLocation(location: TraceLocation): string {
  return `${location.kind} ${location.number}`;
}
