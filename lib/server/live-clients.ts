/**
 * The official SDK clients for one live call. Every option that the SDKs would otherwise read from the
 * environment is pinned (base URL, organisation, project, admin key, credential), retries are off (a 429 must
 * reach the person, and a silent retry doubles the bill), and the fetch is wrapped so that only the headers the
 * call needs leave the server and a URL the owner did not vouch for cannot redirect the request elsewhere.
 */
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import type { LiveTarget } from "./live-target";

/** Headers an SDK call may send; anything else (e.g. from *_CUSTOM_HEADERS in the environment) is dropped. */
const ALLOWED_HEADER =
  /^(accept|accept-encoding|content-type|content-length|user-agent|anthropic-version|anthropic-beta|x-api-key|x-goog-api-key|authorization|idempotency-key|x-stainless-[a-z0-9-]+)$/i;

export function guardedFetch(target: Pick<LiveTarget, "trusted">): typeof fetch {
  return (input, init = {}) => {
    const headers = new Headers(init.headers);
    for (const name of [...headers.keys()]) if (!ALLOWED_HEADER.test(name)) headers.delete(name);
    return fetch(input, { ...init, headers, redirect: target.trusted ? "follow" : "error" });
  };
}

export function anthropicClient(target: LiveTarget, timeoutMs: number): Anthropic {
  return new Anthropic({
    apiKey: target.apiKey,
    baseURL: target.baseURL,
    maxRetries: 0,
    timeout: timeoutMs,
    fetch: guardedFetch(target),
    logLevel: "off",
  });
}

export function openaiClient(target: LiveTarget, timeoutMs: number): OpenAI {
  return new OpenAI({
    apiKey: target.apiKey,
    baseURL: target.baseURL,
    organization: null,
    project: null,
    adminAPIKey: null,
    maxRetries: 0,
    timeout: timeoutMs,
    fetch: guardedFetch(target),
    logLevel: "off",
  });
}
