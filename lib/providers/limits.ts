import type { EngineStep, Segment, SegmentCacheStatus, StepRejection, WireRequest } from "../core";
import { utf8ByteLength } from "../core/utf8";
import { forgetLongTexts, LONG_TEXT_LENGTH, longTextSizesOf, serialisedSizes } from "../core/json-size";
import type { Confidence, ModelInfo } from "../models";
import { modelLimits, type ModelLimits } from "../models/model-limits";
import { ANTHROPIC_MAX_CACHE_BREAKPOINTS } from "./anthropic/anthropic-constants";
import { firstKimiSchemaRefusal, KIMI_SCHEMA_SOURCE, kimiSchemaMessage } from "./kimi-schema-rules";
import type { RenderedRequest } from "./types";

type Json = Record<string, unknown>;

/**
 * Checks one rendered request against the limits its provider enforces before reading the prompt, in the order
 * a provider validates: the body's size, then its schema (tool count, tool names, cache markers), then the prompt's
 * length. The first broken limit wins and comes back as the error the provider would answer with: status, the
 * provider's error type and code, and its message (verbatim where one has been seen; composed in the provider's
 * style, and labelled so, where not). Pure: no state, no side effects.
 */
export function checkRequestLimits(
  rendered: { request: WireRequest; segments: readonly Segment[] },
  model: ModelInfo,
  limits: ModelLimits = modelLimits(model),
): StepRejection | null {
  const { body } = rendered.request;
  // The checks ask about the same `tools` list several times; it cannot change while they run.
  checkedList = null;
  const checks = [
    () => checkBodySize(body, model, limits),
    () => checkToolCount(body, model, limits),
    () => checkDeferredToolCount(body, model, limits),
    () => checkToolNames(body, model, limits),
    () => checkKimiSchemas(body, model),
    () => checkBreakpoints(body, model),
    () => checkContextWindow(rendered.segments, model, limits),
  ];
  try {
    for (const check of checks) {
      const rejection = check();
      if (rejection) return rejection;
    }
    return null;
  } finally {
    checkedList = undefined;
  }
}

export function promptTokens(segments: readonly Segment[]): number {
  let total = 0;
  for (const segment of segments) total += segment.tokens;
  return total;
}

function topLevelTools(body: Json): Json[] {
  const tools = Array.isArray(body.tools) ? (body.tools as Json[]) : [];
  // Gemini groups its functions in `tools[].functionDeclarations`: each declaration is a tool of its own.
  return tools.some((tool) => Array.isArray(tool.functionDeclarations))
    ? tools.flatMap((tool) =>
        Array.isArray(tool.functionDeclarations) ? (tool.functionDeclarations as Json[]) : [tool],
      )
    : tools;
}

/** Only OpenAI's own APIs answer with the messages quoted below; the compatible providers' wording is unknown. */
function speaksOpenAIErrors(model: Pick<ModelInfo, "provider">): boolean {
  return model.provider === "openai-chat" || model.provider === "openai-responses";
}

// ─── Facts of a long list, remembered ──────────────────────────────────────────────────────────────────────

/** Lists shorter than this are walked every time: remembering them would cost more than it saves. */
const REMEMBERED_LIST_MINIMUM = 64;
/** Lists remembered at once: one per strategy of a run is enough for every step to find its own. */
const REMEMBERED_LISTS = 8;

type ListFacts = { items: readonly unknown[]; facts: Map<string, unknown> };

/** Most recently used first. Each holds a copy of its list, so a list changed later is simply a different list. */
const rememberedLists: ListFacts[] = [];

/**
 * A fact about a list (its serialised size, how many tools it defers, its first refused name), worked out once
 * and given again for any list with the same items in the same order. Every request of a run carries a fresh
 * `tools` array holding the same memoised tool objects (lib/providers `addTools`), so comparing the items by
 * identity (10,000 comparisons) replaces a walk that serialises, filters or tests each of them. Sound because the
 * facts asked about depend only on the items, and wire objects are never edited in place (they are replaced: see
 * `jsonBytes`).
 */
function rememberedFact<Value>(list: readonly unknown[], key: string, compute: () => Value): Value {
  if (list.length < REMEMBERED_LIST_MINIMUM) return compute();
  const entry = rememberedListOf(list);
  if (entry.facts.has(key)) return entry.facts.get(key) as Value;
  const value = compute();
  entry.facts.set(key, value);
  return value;
}

/**
 * The list found last during one `checkRequestLimits` call, which asks about it once per check; null before the
 * first question, undefined outside a call (a list may change between two calls).
 */
let checkedList: { list: readonly unknown[]; entry: ListFacts } | null | undefined;

function rememberedListOf(list: readonly unknown[]): ListFacts {
  if (checkedList === undefined) return findRememberedList(list);
  if (checkedList?.list === list) return checkedList.entry;
  const entry = findRememberedList(list);
  checkedList = { list, entry };
  return entry;
}

/**
 * Forgets the remembered lists. Only lists of 64 items or more are remembered, so after a move from a large catalog
 * to a small one its eight copies (10,000 definitions each) would stay until the worker ends; the engine worker calls
 * this on that move (lib/workbench/engine-state.ts `releaseCaches`).
 */
export function forgetRememberedLists(): void {
  rememberedLists.length = 0;
  forgetLongTexts();
}

function findRememberedList(list: readonly unknown[]): ListFacts {
  for (let index = 0; index < rememberedLists.length; index += 1) {
    const candidate = rememberedLists[index];
    if (!sameItems(candidate.items, list)) continue;
    if (index > 0) {
      rememberedLists.splice(index, 1);
      rememberedLists.unshift(candidate);
    }
    return candidate;
  }
  const entry: ListFacts = { items: list.slice(), facts: new Map() };
  rememberedLists.unshift(entry);
  if (rememberedLists.length > REMEMBERED_LISTS) rememberedLists.pop();
  return entry;
}

function sameItems(first: readonly unknown[], second: readonly unknown[]): boolean {
  if (first.length !== second.length) return false;
  for (let index = 0; index < first.length; index += 1) if (first[index] !== second[index]) return false;
  return true;
}

// ─── Body size ──────────────────────────────────────────────────────────────────────────────────────────────

function checkBodySize(body: Json, model: ModelInfo, limits: ModelLimits): StepRejection | null {
  const maximum = limits.maxRequestBytes.value;
  if (maximum === null) return null;
  const bytes = jsonBytes(body);
  if (bytes <= maximum) return null;
  return {
    status: 413,
    type: "request_too_large",
    reason: `Request exceeds the maximum allowed number of bytes. (${formatBytes(bytes)} > ${formatBytes(maximum)})`,
    limit: "request-size",
    source: limits.maxRequestBytes.source,
    confidence: limits.maxRequestBytes.confidence,
    messageVerbatim: false,
    ...providerOf(model),
  };
}

function formatBytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Serialised sizes of objects already measured: tool definitions are memoised objects shared by every request. */
const sizeCache = new WeakMap<object, number>();

/** Levels of a body measured part by part; deeper objects (a tool definition, a message) are serialised whole. */
const PIECEWISE_LEVELS = 2;

/**
 * The UTF-8 size of `JSON.stringify(value)`, computed piecewise so a request that repeats 10,000 memoised tool
 * definitions measures each definition once, not once per request. The body and its arrays are walked; an object
 * below them is measured by serialising it once (native, far cheaper than walking its schema key by key, which
 * costs ≈ 1 s of a cold 10,000-tool run) and kept by identity, with its length for the step summary
 * (lib/core/json-size.ts).
 */
export function jsonBytes(value: unknown, level = 0): number {
  if (typeof value === "string" && value.length >= LONG_TEXT_LENGTH) return longTextSizesOf(value).bytes;
  if (value === null || typeof value !== "object") return utf8ByteLength(JSON.stringify(value) ?? "null");
  const whole = level >= PIECEWISE_LEVELS && !Array.isArray(value) ? serialisedSizes(value) : undefined;
  if (whole !== undefined) return whole.bytes;
  const cached = sizeCache.get(value);
  if (cached !== undefined) return cached;
  let size: number;
  if (Array.isArray(value)) {
    const items: readonly unknown[] = value;
    size = rememberedFact(items, `bytes:${level}`, () => {
      let total = 2 + Math.max(0, items.length - 1);
      for (const item of items) total += item === undefined ? 4 : jsonBytes(item, level + 1);
      return total;
    });
  } else {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined && typeof item !== "function");
    size = 2 + Math.max(0, entries.length - 1);
    for (const [key, item] of entries) size += utf8ByteLength(JSON.stringify(key)) + 1 + jsonBytes(item, level + 1);
    // Only plain objects are cached: arrays are rebuilt per request, objects are replaced rather than edited.
    sizeCache.set(value, size);
  }
  return size;
}

// ─── Tool count ─────────────────────────────────────────────────────────────────────────────────────────────

function checkToolCount(body: Json, model: ModelInfo, limits: ModelLimits): StepRejection | null {
  const maximum = limits.maxTools.value;
  if (maximum === null) return null;
  const counted = countedToolCount(body, model, limits.deferredCountTowardMaxTools.value);
  if (counted <= maximum) return null;
  if (!speaksOpenAIErrors(model) && model.provider !== "anthropic") {
    return {
      status: 400,
      type: "invalid_request_error",
      reason: `Invalid request: too many tools: ${counted} > ${maximum} maximum`,
      limit: "tool-count",
      source: limits.maxTools.source,
      confidence: limits.maxTools.confidence,
      messageVerbatim: false,
      ...providerOf(model),
    };
  }
  return {
    status: 400,
    type: "invalid_request_error",
    code: "array_above_max_length",
    param: "tools",
    reason: `Invalid 'tools': array too long. Expected an array with maximum length ${maximum}, but got an array with length ${counted} instead.`,
    limit: "tool-count",
    source: limits.maxTools.source,
    confidence: limits.maxTools.confidence,
    messageVerbatim: true,
    ...providerOf(model),
  };
}

/**
 * The entries the tool-count limit applies to. Whether OpenAI counts deferred functions of `tool_search` toward
 * its 128 is UNCONFIRMED (PROTOCOLS §9): tool search exists for large catalogs, so they are assumed not to count,
 * and the Responses renderer warns when a request would be refused if they did (`OPENAI_DEFERRED_COUNT_NOTE`).
 */
function countedTools(body: Json, model: Pick<ModelInfo, "provider">, deferredCount = false): Json[] {
  const tools = topLevelTools(body);
  return model.provider === "openai-responses" && !deferredCount
    ? tools.filter((tool) => tool.defer_loading !== true)
    : tools;
}

/** `countedTools(…).length`, from the tools list's remembered deferred count. */
function countedToolCount(body: Json, model: Pick<ModelInfo, "provider">, deferredCount = false): number {
  const tools = topLevelTools(body);
  return model.provider === "openai-responses" && !deferredCount
    ? tools.length - deferredToolCount(tools)
    : tools.length;
}

/** How many entries of a `tools` list carry `defer_loading: true`. */
function deferredToolCount(tools: readonly Json[]): number {
  return rememberedFact(tools, "deferred", () => {
    let deferred = 0;
    for (const tool of tools) if (tool.defer_loading === true) deferred += 1;
    return deferred;
  });
}

/** How many `tools` entries a request has as its provider's limits count them: all, and the deferred ones. */
export function toolEntryCounts(body: Json, model: Pick<ModelInfo, "provider">): { counted: number; deferred: number } {
  return {
    counted: countedTools(body, model).length,
    deferred: topLevelTools(body).filter((tool) => tool.defer_loading === true).length,
  };
}

export const OPENAI_DEFERRED_TOOLS_COUNT_ASSUMPTION =
  "Assumed: deferred functions do not count toward OpenAI's 128-tool limit (UNCONFIRMED, PROTOCOLS §9).";

function checkDeferredToolCount(body: Json, model: ModelInfo, limits: ModelLimits): StepRejection | null {
  const maximum = limits.maxDeferredTools.value;
  if (maximum === null) return null;
  const deferred = deferredToolCount(topLevelTools(body));
  if (deferred <= maximum) return null;
  return {
    status: 400,
    type: "invalid_request_error",
    reason: `tools: at most ${maximum.toLocaleString("en-US")} tools may have defer_loading set; got ${deferred.toLocaleString("en-US")}`,
    limit: "deferred-tool-count",
    source: limits.maxDeferredTools.source,
    confidence: limits.maxDeferredTools.confidence,
    messageVerbatim: false,
    ...providerOf(model),
  };
}

// ─── Tool names ─────────────────────────────────────────────────────────────────────────────────────────────

type DeclaredName = { path: string; name: string; member?: true };

/**
 * The first name a request declares that `regex` refuses, with the path the provider's validator names in its
 * message, or null; `member` marks a function inside an OpenAI namespace, checked only while
 * `namespaceMembersFollowFunctionPattern` holds. Remembered per tools list: every step of a run declares the same
 * 10,000 tool objects, and testing and path-naming each of them every step would be a third of a warm step.
 */
function firstRefusedName(tools: readonly Json[], model: ModelInfo, limits: ModelLimits, regex: RegExp) {
  const membersChecked = limits.namespaceMembersFollowFunctionPattern.value;
  const key = `names:${model.provider}:${limits.toolNamePattern.value}:${membersChecked}`;
  return rememberedFact(tools, key, (): DeclaredName | null => {
    for (let index = 0; index < tools.length; index += 1) {
      const tool = tools[index];
      if (model.provider === "gemini") {
        if (typeof tool.name === "string" && !regex.test(tool.name))
          return { path: `tools[0].functionDeclarations[${index}].name`, name: tool.name };
        continue;
      }
      if (tool.type === "function" && tool.function !== undefined) {
        const fn = tool.function as Json | undefined;
        if (fn && typeof fn.name === "string" && !regex.test(fn.name))
          return { path: `tools[${index}].function.name`, name: fn.name };
        continue;
      }
      if (model.provider === "openai-responses") {
        // Function names only: OpenAI's API reference gives a namespace's own `name` just `minLength 1` and a custom
        // tool's `name` no constraint, so neither is held to the function-name pattern.
        if (tool.type === "function" && typeof tool.name === "string" && !regex.test(tool.name))
          return { path: `tools[${index}].name`, name: tool.name };
        if (tool.type === "namespace" && Array.isArray(tool.tools) && membersChecked) {
          const refused = firstRefusedMember(tool, regex);
          if (refused)
            return { path: `tools[${index}].tools[${refused.index}].name`, name: refused.name, member: true };
        }
        continue;
      }
      // Anthropic: server tools (tool search) carry a type and fixed names; custom tools have no type.
      if (tool.type === undefined && typeof tool.name === "string" && !regex.test(tool.name))
        return { path: `tools.${index}.custom.name`, name: tool.name };
    }
    return null;
  });
}

/** Per namespace object (memoised and shared by every request, like tool objects) and pattern. */
const refusedMembers = new WeakMap<Json, Map<string, { index: number; name: string } | null>>();

/**
 * The first member of an OpenAI namespace whose name `regex` refuses. A namespace can hold thousands of functions
 * in a `tools` list of a few entries, too short for `rememberedFact`, so the answer is kept per namespace object.
 */
function firstRefusedMember(namespace: Json, regex: RegExp): { index: number; name: string } | null {
  let byPattern = refusedMembers.get(namespace);
  if (!byPattern) {
    byPattern = new Map();
    refusedMembers.set(namespace, byPattern);
  }
  const known = byPattern.get(regex.source);
  if (known !== undefined) return known;
  let refused: { index: number; name: string } | null = null;
  const members = namespace.tools as Json[];
  for (let index = 0; index < members.length; index += 1) {
    const member = members[index];
    // A custom tool inside a namespace has no name rule either.
    if (typeof member.name === "string" && member.type !== "custom" && !regex.test(member.name)) {
      refused = { index, name: member.name };
      break;
    }
  }
  byPattern.set(regex.source, refused);
  return refused;
}

const patternCache = new Map<string, RegExp>();

function compiled(pattern: string): RegExp {
  let regex = patternCache.get(pattern);
  if (!regex) {
    regex = new RegExp(pattern);
    patternCache.set(pattern, regex);
  }
  return regex;
}

const CONFIDENCE_ORDER: readonly Confidence[] = ["documented", "secondary", "unconfirmed"];

function lessSure(first: Confidence, second: Confidence): Confidence {
  return CONFIDENCE_ORDER.indexOf(first) >= CONFIDENCE_ORDER.indexOf(second) ? first : second;
}

function checkToolNames(body: Json, model: ModelInfo, limits: ModelLimits): StepRejection | null {
  const pattern = limits.toolNamePattern.value;
  const regex = compiled(pattern);
  const bad = firstRefusedName(topLevelTools(body), model, limits, regex);
  if (!bad) return null;
  // A member's refusal rests on the pattern and on the assumption that it applies to members: it is as sure as the
  // less sure of the two, and names both sources.
  const memberRule = limits.namespaceMembersFollowFunctionPattern;
  const common = {
    status: 400,
    type: "invalid_request_error",
    limit: "tool-name",
    source: bad.member
      ? `${limits.toolNamePattern.source}; namespace members: ${memberRule.source}`
      : limits.toolNamePattern.source,
    confidence: bad.member
      ? lessSure(limits.toolNamePattern.confidence, memberRule.confidence)
      : limits.toolNamePattern.confidence,
    ...providerOf(model),
  } as const;
  if (model.provider === "anthropic")
    return {
      ...common,
      reason: `${bad.path}: String should match pattern '${pattern}'`,
      messageVerbatim: false,
    };
  if (!speaksOpenAIErrors(model))
    return {
      ...common,
      reason: `Invalid request: function name '${bad.name}' must match ${pattern}`,
      messageVerbatim: false,
    };
  const tooLong = bad.name.length > 64;
  return {
    ...common,
    code: tooLong ? "string_above_max_length" : "invalid_value",
    param: bad.path,
    reason: tooLong
      ? `Invalid '${bad.path}': string too long. Expected a string with maximum length 64, but got a string with length ${bad.name.length} instead.`
      : `Invalid '${bad.path}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
    messageVerbatim: false,
  };
}

/** Kimi refuses a function schema outside its MFJS subset (lib/providers/kimi-schema-rules.ts). */
function checkKimiSchemas(body: Json, model: ModelInfo): StepRejection | null {
  if (model.provider !== "moonshot") return null;
  const tools = topLevelTools(body);
  // K3's dynamic tools arrive in system messages' own `tools`; Kimi validates them as it does the top-level list.
  const loaded = Array.isArray(body.messages)
    ? (body.messages as Json[]).flatMap((message) => (Array.isArray(message?.tools) ? message.tools : []))
    : [];
  const refusal =
    rememberedFact(tools, "kimi-schemas", () => firstKimiSchemaRefusal(tools)) ??
    (loaded.length > 0 ? firstKimiSchemaRefusal(loaded) : null);
  if (!refusal) return null;
  return {
    status: 400,
    type: "invalid_request_error",
    limit: "tool-schema",
    param: `tools[${refusal.tool}].function.parameters`,
    reason: kimiSchemaMessage(refusal),
    source: KIMI_SCHEMA_SOURCE,
    confidence: "documented",
    messageVerbatim: true,
    ...providerOf(model),
  };
}

// ─── Cache breakpoints ──────────────────────────────────────────────────────────────────────────────────────

/** Counts `cache_control` markers in an Anthropic body: on tools, system blocks, message blocks and top level. */
export function countCacheControls(body: Json): number {
  let count = body.cache_control ? 1 : 0;
  const tools = topLevelTools(body);
  count += rememberedFact(tools, "cache-controls", () => {
    let marked = 0;
    for (const tool of tools) if (tool.cache_control) marked += 1;
    return marked;
  });
  if (Array.isArray(body.system)) for (const block of body.system as Json[]) if (block.cache_control) count += 1;
  if (Array.isArray(body.messages))
    for (const message of body.messages as Json[])
      if (Array.isArray(message.content))
        for (const block of message.content as Json[]) if (block.cache_control) count += 1;
  return count;
}

function checkBreakpoints(body: Json, model: ModelInfo): StepRejection | null {
  if (model.provider !== "anthropic") return null;
  const count = countCacheControls(body);
  if (count <= ANTHROPIC_MAX_CACHE_BREAKPOINTS) return null;
  return {
    status: 400,
    type: "invalid_request_error",
    reason: `A maximum of ${ANTHROPIC_MAX_CACHE_BREAKPOINTS} blocks with cache_control may be provided. Found ${count}.`,
    limit: "cache-breakpoints",
    source: "PROTOCOLS.md §5.1: prompt-caching doc, up to 4 breakpoints per request",
    confidence: "documented",
    messageVerbatim: false,
    ...providerOf(model),
  };
}

// ─── Context window ─────────────────────────────────────────────────────────────────────────────────────────

function checkContextWindow(segments: readonly Segment[], model: ModelInfo, limits: ModelLimits): StepRejection | null {
  const prompt = promptTokens(segments);
  const window = limits.contextWindow.value;
  if (prompt <= window) return null;
  const common = {
    status: 400,
    type: "invalid_request_error",
    limit: "context-window",
    source: limits.contextWindow.source,
    confidence: limits.contextWindow.confidence,
    ...providerOf(model),
  } as const;
  if (model.provider === "anthropic")
    return { ...common, reason: `prompt is too long: ${prompt} tokens > ${window} maximum`, messageVerbatim: true };
  if (model.provider === "moonshot")
    return {
      ...common,
      reason: `Invalid request: Your request exceeded model token limit: ${window} (requested: ${prompt})`,
      messageVerbatim: true,
    };
  if (!speaksOpenAIErrors(model))
    return {
      ...common,
      reason: `Invalid request: the prompt of ${prompt} tokens exceeds the model's context window of ${window} tokens`,
      messageVerbatim: false,
    };
  // Chat Completions words it its own way, on `messages` (reported verbatim in client issues, e.g.
  // crewAIInc/crewAI-examples#121 and webtimemachine/wtm2#579 on a 128K window); Responses on `input`.
  if (model.provider === "openai-chat")
    return {
      ...common,
      code: "context_length_exceeded",
      param: "messages",
      reason:
        `This model's maximum context length is ${window} tokens. However, your messages resulted in ${prompt} ` +
        "tokens. Please reduce the length of the messages.",
      messageVerbatim: true,
    };
  return {
    ...common,
    code: "context_length_exceeded",
    param: "input",
    reason: "Your input exceeds the context window of this model. Please adjust your input and try again.",
    messageVerbatim: true,
  };
}

function providerOf(model: ModelInfo): { provider: ModelInfo["provider"]; model: string } {
  return { provider: model.provider, model: model.id };
}

/** The error body the provider answers a rejected request with, in its own format. */
export function rejectionResponse(rejection: StepRejection): Record<string, unknown> {
  if (rejection.provider === "anthropic")
    return { type: "error", error: { type: rejection.type, message: rejection.reason } };
  if (rejection.provider === "gemini")
    // Google's error envelope (google.rpc.Status over HTTP): code, message, status.
    return { error: { code: rejection.status, message: rejection.reason, status: "INVALID_ARGUMENT" } };
  if (!speaksOpenAIErrors(rejection)) return { error: { type: rejection.type, message: rejection.reason } };
  return {
    error: {
      message: rejection.reason,
      type: rejection.type,
      param: rejection.param ?? null,
      code: rejection.code ?? null,
    },
  };
}

/**
 * The step of a request the provider refuses: it reports the tokens of the request it would have sent (all
 * uncached, none read by the model), costs nothing, and its response is the provider's error body.
 */
export function rejectedStep(
  header: Pick<EngineStep, "index" | "turn" | "kind" | "title" | "clockSeconds" | "notes">,
  rendered: RenderedRequest,
  rejection: StepRejection,
): EngineStep {
  const input = promptTokens(rendered.segments);
  let toolDefinitions = 0;
  for (const segment of rendered.segments) toolDefinitions += segment.toolDefinitionTokens;
  return {
    ...header,
    request: rendered.request,
    response: rejectionResponse(rejection),
    segments: rendered.segments,
    segmentStatus: rendered.segments.map((): SegmentCacheStatus => "uncached"),
    tokens: { input, cacheRead: 0, cacheWrite: 0, uncached: input, toolDefinitions, output: 0 },
    divergence: null,
    cost: { uncachedUsd: 0, cacheReadUsd: 0, cacheWriteUsd: 0, outputUsd: 0, totalUsd: 0 },
    warnings: rendered.warnings,
    rejected: rejection,
  };
}

/**
 * Thrown by the session after it records a rejected step: a real agent stops when the provider refuses its
 * request, so the run ends there. The engine catches it; any other error still propagates.
 */
export class RequestRejectedError extends Error {
  constructor(readonly step: EngineStep) {
    super(`request ${step.index + 1} rejected: ${step.rejected?.status} ${step.rejected?.reason}`);
    this.name = "RequestRejectedError";
  }
}
