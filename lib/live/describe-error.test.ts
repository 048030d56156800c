/**
 * The live error banner's words in both languages: a provider's refusal of a tool call has its own title and hint,
 * the provider's message stays as sent and is labelled as the provider's, and the sentences our route writes
 * (built here by the real functions) are worded in the reader's language.
 */
import { APIConnectionError, APIError } from "openai";
import { describe, expect, it } from "vitest";
import { englishRuns } from "../i18n/english-leftovers";
import { readLiveConfig } from "../server/live-config";
import { mapUpstreamError, nonProviderAnswer } from "../server/live-errors";
import { isTargetError, resolveTarget } from "../server/live-target";
import { describeLiveError, routeSentenceIn } from "./describe-error";
import type { LiveError } from "./types";

const HAN = /\p{Script=Han}/u;
const CONTEXT = { label: "Groq", secrets: [], timedOut: false, timeoutMs: 60_000 };
const REJECTION =
  "tool call validation failed: parameters for tool get_weather did not match schema: errors: [missing properties: 'city']";

function asLiveError(error: unknown, context = CONTEXT): LiveError {
  const mapped = mapUpstreamError(error, context);
  return { code: mapped.code, message: mapped.message, status: mapped.status, providerStatus: mapped.providerStatus };
}

describe("describeLiveError", () => {
  it("words a provider's refusal of a tool call in both languages, naming the tool, with the provider's message as sent", () => {
    const error = asLiveError(
      new APIError(400, { error: { code: "tool_use_failed", message: REJECTION } }, REJECTION, new Headers()),
    );
    expect(error.code).toBe("provider_rejected_tool_call");
    const english = describeLiveError(error, "Groq", "en");
    expect(english.title).toBe(
      "Groq refused the model's call of get_weather: its arguments do not match the tool's schema (400)",
    );
    expect(english.hint).toMatch(/argument error of that tool/);
    expect(english.messageLabel).toBe("Groq's own message, as sent:");
    expect(english.fromProvider).toBe(true);
    expect(english.retryable).toBe(true);
    const chinese = describeLiveError(error, "Groq", "zh-CN");
    expect(chinese.title).toContain("get_weather");
    expect(chinese.title).toContain("schema");
    for (const words of [chinese.title, chinese.hint, chinese.messageLabel]) {
      expect(words).toMatch(HAN);
      expect(englishRuns(words)).toEqual([]);
    }
    // The provider's own words are not translated.
    expect(chinese.message).toBe(REJECTION);
  });

  it("words the sentences the route writes itself in Chinese, and labels them as ours", () => {
    const ours: LiveError[] = [
      asLiveError(new Error("late"), { ...CONTEXT, timedOut: true }),
      asLiveError(new APIConnectionError({ cause: Object.assign(new Error("refused"), { code: "ECONNREFUSED" }) })),
      { code: "provider_bad_request", message: nonProviderAnswer("Groq", 400), status: 400, providerStatus: 400 },
      asLiveError(new Error("boom")),
      { code: "network_error", message: "Could not reach the playground server: fetch failed", status: 0 },
      { code: "stream_interrupted", message: "the answer stream ended before the reply was complete", status: 0 },
    ];
    const found: string[] = [];
    for (const error of ours) {
      const view = describeLiveError(error, "Groq", "zh-CN");
      expect(view.fromProvider, error.message).toBe(false);
      expect(view.messageLabel).toBe("详情：");
      if (!HAN.test(view.message) || englishRuns(view.message).length > 0) found.push(view.message);
      // English keeps the sentence as the route wrote it.
      expect(describeLiveError(error, "Groq", "en").message).toBe(error.message);
    }
    expect(found).toEqual([]);
    expect(describeLiveError(ours[0], "Groq", "zh-CN").message).toBe("Groq 在 60 秒内没有回应。");
    expect(describeLiveError(ours[1], "Groq", "zh-CN").message).toBe("无法连接 Groq：ECONNREFUSED。");
  });

  it("words the route's own refusals (no key, a base URL not allowed, …) in Chinese, built by the real route", () => {
    const closed = readLiveConfig({}, true);
    const listed = readLiveConfig(
      { PLAYGROUND_ALLOW_CUSTOM_BASE_URL: "1", PLAYGROUND_BASE_URL_ALLOWLIST: "https://openrouter.ai/api" },
      true,
    );
    const open = readLiveConfig({ PLAYGROUND_ALLOW_CUSTOM_BASE_URL: "1" }, false);
    const refusals = [
      resolveTarget("anthropic", { kind: "official" }, undefined, closed),
      resolveTarget("openai-chat", { kind: "official" }, "sk-pasted", closed, "openai-compatible"),
      resolveTarget("openai-chat", { kind: "official" }, "sk-pasted", open, "openai-compatible"),
      resolveTarget("openai-chat", { kind: "compatible" }, undefined, closed),
      resolveTarget("anthropic", { kind: "compatible" }, undefined, closed),
      resolveTarget("openai-chat", { kind: "custom", baseUrl: "https://example.com/v1" }, undefined, closed),
      resolveTarget("openai-chat", { kind: "custom", baseUrl: "https://example.com/v1" }, undefined, listed),
      resolveTarget("openai-chat", { kind: "custom", baseUrl: "not a url" }, undefined, listed),
      resolveTarget("openai-chat", { kind: "custom", baseUrl: "https://u:p@openrouter.ai/api" }, undefined, listed),
    ];
    const found: string[] = [];
    for (const refusal of refusals) {
      if (!isTargetError(refusal)) throw new Error(`not refused: ${JSON.stringify(refusal)}`);
      const error: LiveError = { code: refusal.code, message: refusal.message, status: refusal.status };
      const view = describeLiveError(error, "OpenAI", "zh-CN");
      expect(view.fromProvider).toBe(false);
      if (!HAN.test(view.message) || englishRuns(view.message).length > 0) found.push(view.message);
      expect(describeLiveError(error, "OpenAI", "en").message).toBe(refusal.message);
    }
    expect(found).toEqual([]);
  });

  it("words the routes' guards (live mode off, too many requests, a body too large, no page token) in Chinese", () => {
    const refusals: LiveError[] = [
      {
        code: "live_disabled",
        status: 403,
        message: "live: live mode is turned off on this server (PLAYGROUND_LIVE=off).",
      },
      { code: "live_disabled", status: 403, message: "experiment: live mode is turned off on this server." },
      { code: "rate_limited", status: 429, message: "live: too many live requests; try again in 12 s." },
      {
        code: "body_too_large",
        status: 413,
        message: "live: the request body is over 1048576 bytes (PLAYGROUND_LIVE_MAX_BODY_BYTES).",
      },
      { code: "body_too_large", status: 413, message: "experiment: the request body is larger than 65,536 bytes" },
      {
        code: "missing_token",
        status: 403,
        message:
          "request-guard: the x-playground-token header is missing; only the playground's own page may call this API.",
      },
    ];
    const found: string[] = [];
    for (const error of refusals) {
      const view = describeLiveError(error, "OpenAI", "zh-CN");
      if (!HAN.test(view.message) || englishRuns(view.message).length > 0) found.push(view.message);
      expect(describeLiveError(error, "OpenAI", "en").message).toBe(error.message);
    }
    expect(found).toEqual([]);
  });

  it("words the experiment route's own refusal for the experiment page, and leaves any other text as it came", () => {
    const refusal = "experiment: no Anthropic key: paste one, or set ANTHROPIC_API_KEY on the server.";
    const chinese = routeSentenceIn(refusal, "zh-CN");
    expect(HAN.test(chinese) && englishRuns(chinese)).toEqual([]);
    expect(routeSentenceIn(refusal, "en")).toBe(refusal);
    expect(routeSentenceIn("something else", "zh-CN")).toBe("something else");
  });

  it("keeps any other provider message as sent, labelled as the provider's", () => {
    const view = describeLiveError(
      { code: "provider_bad_request", message: "All tools cannot be deferred.", status: 400, providerStatus: 400 },
      "Anthropic Messages",
      "zh-CN",
    );
    expect(view.message).toBe("All tools cannot be deferred.");
    expect(view.fromProvider).toBe(true);
    expect(view.messageLabel).toBe("Anthropic Messages 的原始消息（按原样显示）：");
  });
});
