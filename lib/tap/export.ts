/**
 * A recorded session as a trace file: JSON Lines (`{timestamp, url, status, request, response}` envelopes, the shape
 * lib/trace/read-trace.ts reads) or HAR 1.2. `npm run trace` and the page's trace import read either back to the
 * same explanation the Tap view shows, which is itself made by running the JSONL export through trace import.
 * Neither carries a header: the stored pairs hold none.
 */
import type { StoredExchange, TapSessionSummary } from "../server/store/sqlite-tap-store";

export type TapExportFormat = "jsonl" | "har";
export const TAP_EXPORT_FORMATS: readonly TapExportFormat[] = ["jsonl", "har"];

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function exchangesToJsonl(exchanges: readonly StoredExchange[]): string {
  return exchanges
    .map((exchange) =>
      JSON.stringify({
        timestamp: new Date(exchange.startedAtMs).toISOString(),
        url: exchange.url,
        status: exchange.status,
        request: parsed(exchange.requestBody),
        // A stream stays the event text it was; a whole answer is its JSON.
        response: exchange.responseBody,
        ...(exchange.incomplete ? { incomplete: exchange.incomplete } : {}),
        tap: {
          session: exchange.sessionId,
          conversation: exchange.conversation,
          model: exchange.model,
          ttfb_ms: exchange.ttfbMs === null ? null : Math.round(exchange.ttfbMs * 10) / 10,
          total_ms: Math.round(exchange.totalMs * 10) / 10,
        },
      }),
    )
    .join("\n")
    .concat(exchanges.length > 0 ? "\n" : "");
}

export function exchangesToHar(session: TapSessionSummary, exchanges: readonly StoredExchange[]): string {
  const entries = exchanges.map((exchange) => {
    const wait = exchange.ttfbMs ?? exchange.totalMs;
    return {
      startedDateTime: new Date(exchange.startedAtMs).toISOString(),
      time: exchange.totalMs,
      request: {
        method: exchange.method,
        url: exchange.url,
        httpVersion: "HTTP/1.1",
        headers: [],
        queryString: [],
        cookies: [],
        headersSize: -1,
        bodySize: Buffer.byteLength(exchange.requestBody),
        postData: { mimeType: "application/json", text: exchange.requestBody },
      },
      response: {
        status: exchange.status,
        statusText: "",
        httpVersion: "HTTP/1.1",
        headers: [],
        cookies: [],
        content: {
          size: Buffer.byteLength(exchange.responseBody),
          mimeType: exchange.responseType ?? "application/octet-stream",
          text: exchange.responseBody,
        },
        redirectURL: "",
        headersSize: -1,
        bodySize: -1,
      },
      cache: {},
      timings: { send: 0, wait, receive: Math.max(0, exchange.totalMs - wait) },
      ...(exchange.incomplete ? { comment: `incomplete: ${exchange.incomplete}` } : {}),
    };
  });
  return JSON.stringify(
    {
      log: {
        version: "1.2",
        creator: { name: "tool-disclosure-playground tap", version: "1" },
        comment: `tap session ${session.id}`,
        entries,
      },
    },
    null,
    1,
  );
}
