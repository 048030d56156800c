/**
 * Gemini explicit caching (ai.google.dev/gemini-api/docs/caching): the system instruction, the tools, the tool
 * config and any leading contents are created once as a `cachedContents` object with a TTL, and each
 * `generateContent` names it in `cachedContent` and sends only what follows. The API refuses a request that sets
 * `systemInstruction`, `tools` or `toolConfig` beside `cachedContent` (400 INVALID_ARGUMENT "Tool config, tools and
 * system instruction should not be set in the request when using cached content"), so a changed tool list needs a
 * new cached content object: `cachedContentKey` says when one is needed.
 */
import { hashString } from "../../cache/hash-string";
import type { CreateCachedContentParameters, GenerateContentParameters, ToolConfig } from "@google/genai";
import type { WireRequest } from "../../core";
import type { ExplicitCacheCall, ExplicitCacheRequests } from "../types";
import { GEMINI_BASE_URL } from "./gemini-wire";
import type { GeminiGenerateContentRequest } from "./gemini-types";

/** The REST body of `POST /v1beta/cachedContents` (CachedContent: model, contents, systemInstruction, tools, ttl). */
export type CachedContentsCreateRequest = Pick<
  GeminiGenerateContentRequest,
  "systemInstruction" | "tools" | "toolConfig"
> & {
  /** `models/<id>`, as the resource name. */
  model: string;
  /** Leading contents to cache; absent when none (`@google/genai` refuses an empty list: "contents are required"). */
  contents?: GeminiGenerateContentRequest["contents"];
  /** A duration in seconds with the `s` suffix, e.g. "3600s" (default one hour when absent). */
  ttl: string;
  displayName?: string;
};

export type ExplicitCachePlan = {
  create: { url: string; body: CachedContentsCreateRequest };
  generate: { url: string; body: GeminiGenerateContentRequest };
  /** Equal keys: the same cached content serves both requests; a different key needs a new object. */
  key: string;
};

/**
 * The two requests of explicit caching for one generateContent body: the `cachedContents.create` holding its
 * system instruction, tools, tool config and the first `cachedTurns` contents, and the `generateContent` that
 * names the object (`name`, as the create response returns it) and carries the rest.
 */
export function explicitCachePlan(
  body: GeminiGenerateContentRequest,
  options: { model: string; ttlSeconds: number; name: string; cachedTurns?: number; displayName?: string },
): ExplicitCachePlan {
  const cachedTurns = options.cachedTurns ?? 0;
  const { systemInstruction, tools, toolConfig, contents, cachedContent: _previous, ...rest } = body;
  const create: CachedContentsCreateRequest = {
    model: `models/${options.model}`,
    ...(systemInstruction ? { systemInstruction } : {}),
    ...(tools ? { tools } : {}),
    ...(toolConfig ? { toolConfig } : {}),
    ...(cachedTurns > 0 ? { contents: contents.slice(0, cachedTurns) } : {}),
    ttl: `${Math.round(options.ttlSeconds)}s`,
    ...(options.displayName ? { displayName: options.displayName } : {}),
  };
  return {
    create: { url: `${GEMINI_BASE_URL}/cachedContents`, body: create },
    generate: {
      url: `${GEMINI_BASE_URL}/models/${options.model}:generateContent`,
      body: { ...rest, cachedContent: options.name, contents: contents.slice(cachedTurns) },
    },
    key: cachedContentKey(create),
  };
}

/** What a cached content object is: its model, system instruction, tools, tool config and contents (not its TTL). */
export function cachedContentKey(create: CachedContentsCreateRequest): string {
  const { ttl: _ttl, displayName: _name, ...identity } = create;
  return hashString(JSON.stringify(identity));
}

/**
 * The adapter's requests under explicit caching: where a new object is made, its `cachedContents.create` first;
 * then the `generateContent` naming it with only the contents. Below the minimum the API refuses to create the
 * object, so the request goes as rendered (implicit caching may still apply; the engine prices it as uncached).
 */
export function geminiExplicitCacheRequests(request: WireRequest, call: ExplicitCacheCall): ExplicitCacheRequests {
  if (!call.cacheable) return { request };
  const plan = explicitCachePlan(request.body as GeminiGenerateContentRequest, {
    model: call.model,
    ttlSeconds: call.ttlSeconds,
    name: call.name,
  });
  // The generate request keeps the rendered URL (a live run may stream: `:streamGenerateContent`).
  const generate: WireRequest = { ...request, body: plan.generate.body as Record<string, unknown> };
  if (!call.create) return { request: generate };
  return {
    create: { method: "POST", url: plan.create.url, headers: request.headers, body: plan.create.body },
    request: generate,
  };
}

/**
 * The create body as `@google/genai`'s `caches.create` argument: the SDK moves `config` back into the REST body, so
 * a test sending this through the SDK sees the body the engine wrote, and tsc checks its fields against the SDK's.
 */
export function createCachedContentParameters(body: CachedContentsCreateRequest): CreateCachedContentParameters {
  const { model, ttl, displayName, contents, systemInstruction, tools, toolConfig } = body;
  return {
    model: model.replace(/^models\//, ""),
    config: {
      ttl,
      ...(contents ? { contents } : {}),
      ...(displayName ? { displayName } : {}),
      ...(systemInstruction ? { systemInstruction } : {}),
      ...(tools ? { tools } : {}),
      // The SDK types the mode as its enum, whose values are these strings.
      ...(toolConfig ? { toolConfig: toolConfig as ToolConfig } : {}),
    },
  };
}

/** A generateContent body that names a cached content object, as the SDK's `models.generateContent` argument. */
export function cachedGenerateContentParameters(
  model: string,
  body: GeminiGenerateContentRequest,
): GenerateContentParameters {
  return {
    model,
    contents: body.contents,
    config: {
      ...(body.cachedContent ? { cachedContent: body.cachedContent } : {}),
      ...(body.generationConfig?.maxOutputTokens !== undefined
        ? { maxOutputTokens: body.generationConfig.maxOutputTokens }
        : {}),
    },
  };
}

/**
 * A live call under explicit caching: where a new object is made, its create body travels in
 * `cachedContentCreate` and the route's opener (./upstream.ts) makes it before streaming the generation request;
 * otherwise `cachedContent` names the object the provider made earlier.
 */
export function geminiLiveExplicitCacheBody(
  body: Record<string, unknown>,
  create: WireRequest | undefined,
  madeName: string | undefined,
): Record<string, unknown> {
  if (create) {
    const { model: _model, ...held } = create.body;
    return { ...body, cachedContentCreate: held };
  }
  return madeName ? { ...body, cachedContent: madeName } : body;
}

/** The object the live route made (the opener adds its name to the streamed reply as `cachedContent`). */
export function geminiLiveExplicitCacheName(response: Record<string, unknown>): string | undefined {
  return typeof response.cachedContent === "string" ? response.cachedContent : undefined;
}
