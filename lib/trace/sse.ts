import { createStreamAccumulator } from "../live/stream/accumulator";
import type { ProviderId } from "../core/ids";

type Json = Record<string, unknown>;

/**
 * The JSON payloads of a server-sent-events body (`data: …` lines, events separated by a blank line; several
 * `data:` lines of one event are joined by newlines, as the SSE specification says). `[DONE]` and lines that are
 * not JSON (comments, keep-alives) are left out.
 */
export function sseEvents(text: string): Json[] {
  const events: Json[] = [];
  let data: string[] = [];
  const flush = () => {
    if (data.length === 0) return;
    const payload = data.join("\n");
    data = [];
    if (payload.trim() === "[DONE]") return;
    try {
      const value = JSON.parse(payload) as unknown;
      if (value !== null && typeof value === "object" && !Array.isArray(value)) events.push(value as Json);
    } catch {
      // A keep-alive or a truncated last event: nothing to fold.
    }
  };
  for (const line of text.split(/\r?\n/)) {
    if (line === "") flush();
    else if (line.startsWith("data:")) data.push(line.slice(line[5] === " " ? 6 : 5));
  }
  flush();
  return events;
}

/** True when a response body is an event stream rather than one JSON document. */
export function looksLikeSse(text: string, mimeType?: string): boolean {
  if (mimeType?.includes("text/event-stream")) return true;
  return /^(event|data):/m.test(text.slice(0, 2_000)) && !text.trimStart().startsWith("{");
}

/**
 * Folds a recorded stream into the response a non-streaming call returns, with the same accumulators the live
 * mode uses, so the usage of the final event (Anthropic `message_start` + `message_delta`, Responses
 * `response.completed`, Chat Completions' last chunk) lands where `measuredUsageFrom` reads it.
 */
export function responseFromSse(provider: ProviderId, text: string): Json | null {
  return responseFromEvents(provider, sseEvents(text));
}

/**
 * Folds stream events a logger kept as a JSON array (parsed chunks, or `{event, data}` pairs as claude-trace keeps
 * them) into one response, as `responseFromSse` folds the text of a stream.
 */
export function responseFromEvents(provider: ProviderId, values: readonly unknown[]): Json | null {
  const events = values.flatMap((value) => {
    const event = isObject(value) && isObject(value.data) ? value.data : value;
    return isObject(event) ? [event] : [];
  });
  if (events.length === 0) return null;
  const accumulator = createStreamAccumulator(provider, () => {});
  for (const event of events) {
    try {
      accumulator.push(event);
    } catch {
      // An error event inside the stream: keep what arrived before it.
      break;
    }
  }
  return accumulator.result();
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
