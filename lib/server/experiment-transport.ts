/**
 * The experiment's way to a provider from Node (the CLI and the experiment route): the live routes' own pieces —
 * the endpoint and key rules of `resolveTarget`, the official SDK clients, the adapter's `openStream`, the stream
 * accumulator and the error mapping — without the HTTP hop, so a run sends exactly what live mode sends.
 */
import { redactSecrets } from "../live/redact";
import { createStreamAccumulator } from "../live/stream/accumulator";
import { LiveRequestError, type LiveTransport } from "../live/types";
import { measuredUsageFrom } from "../live/usage";
import { providerAdapter } from "../providers";
import { anthropicClient, guardedFetch, openaiClient } from "./live-clients";
import { readLiveConfig, serverSecrets } from "./live-config";
import { mapUpstreamError } from "./live-errors";
import { isTargetError, resolveTarget } from "./live-target";

type Json = Record<string, unknown>;

/** `pastedKey`: a key the person gave for this run (the page's key field), used as live mode uses one and forgotten. */
export function createDirectTransport(
  env: Record<string, string | undefined> = process.env,
  pastedKey?: string,
): LiveTransport {
  return {
    async send(call, { signal, onPreview }) {
      const config = readLiveConfig(env);
      const secrets = [...serverSecrets(config), ...(pastedKey ? [pastedKey] : [])];
      const target = resolveTarget(call.provider, call.endpoint, pastedKey, config, String(call.body.model));
      if (isTargetError(target))
        throw new LiveRequestError({ code: target.code, message: target.message, status: target.status });
      const upstream = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        upstream.abort();
      }, config.timeoutMs);
      const onAbort = () => upstream.abort();
      signal?.addEventListener("abort", onAbort, { once: true });
      const started = Date.now();
      try {
        const clients = {
          anthropic: () => anthropicClient(target, config.timeoutMs),
          openai: () => openaiClient(target, config.timeoutMs),
          http: () => ({ baseURL: target.baseURL, apiKey: target.apiKey, fetch: guardedFetch(target) }),
        };
        const events = await providerAdapter(call.provider).openStream(clients, call, upstream.signal);
        const accumulator = createStreamAccumulator(call.provider, (event) => onPreview?.(event));
        for await (const event of events) accumulator.push(event as Json);
        if (upstream.signal.aborted) throw new DOMException("The operation was aborted.", "AbortError");
        const response = accumulator.result();
        return { response, usage: measuredUsageFrom(call.provider, response), durationMs: Date.now() - started };
      } catch (error) {
        if (error instanceof LiveRequestError) throw error;
        const mapped = mapUpstreamError(error, { label: target.label, secrets, timedOut, timeoutMs: config.timeoutMs });
        throw new LiveRequestError({
          code: mapped.code,
          message: redactSecrets(mapped.message, [...secrets, target.apiKey]),
          status: mapped.status,
          ...(mapped.providerStatus ? { providerStatus: mapped.providerStatus } : {}),
          ...(mapped.retryAfterSeconds !== undefined ? { retryAfterSeconds: mapped.retryAfterSeconds } : {}),
        });
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
      }
    },
    async count() {
      throw new LiveRequestError({ code: "not_supported", message: "experiments do not count tokens", status: 0 });
    },
  };
}
