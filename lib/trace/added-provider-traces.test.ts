/**
 * Trace import of the four added providers: one JSONL envelope each, as a logging proxy writes it, whose usage is
 * read in that provider's own fields (PROTOCOLS.md, one section per provider).
 */
import { describe, expect, it } from "vitest";
import { readTrace } from "./read-trace";

function envelope(url: string, body: unknown, response: unknown): string {
  return JSON.stringify({ timestamp: "2026-12-01T10:00:00Z", url, request: body, response });
}

const chatBody = (model: string) => ({ model, messages: [{ role: "user", content: "hi" }] });

describe("readTrace on the added providers", () => {
  it("Gemini: a generateContent URL and body, usageMetadata with cachedContentTokenCount inside promptTokenCount", () => {
    const line = envelope(
      "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent",
      { contents: [{ role: "user", parts: [{ text: "hi" }] }] },
      {
        candidates: [{ content: { role: "model", parts: [{ text: "hello" }] }, finishReason: "STOP" }],
        usageMetadata: {
          promptTokenCount: 5000,
          cachedContentTokenCount: 4096,
          candidatesTokenCount: 20,
          thoughtsTokenCount: 30,
        },
      },
    );
    const result = readTrace(line);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.trace.provider).toBe("gemini");
    expect(result.trace.requests[0].measured).toEqual({
      input: 5000,
      uncached: 904,
      cacheRead: 4096,
      cacheWrite: 0,
      output: 50,
      reasoning: 30,
    });
  });

  it("DeepSeek: prompt_cache_hit_tokens beside prompt_cache_miss_tokens", () => {
    const line = envelope("https://api.deepseek.com/chat/completions", chatBody("deepseek-v4-flash"), {
      choices: [{ index: 0, message: { role: "assistant", content: "hello" }, finish_reason: "stop" }],
      usage: {
        prompt_tokens: 1000,
        completion_tokens: 10,
        prompt_cache_hit_tokens: 768,
        prompt_cache_miss_tokens: 232,
      },
    });
    const result = readTrace(line);
    expect(result.ok && result.trace.provider).toBe("deepseek");
    expect(result.ok && result.trace.requests[0].measured).toMatchObject({
      input: 1000,
      cacheRead: 768,
      uncached: 232,
    });
  });

  it("Qwen: cached_tokens and the explicit cache's cache_creation_input_tokens in prompt_tokens_details", () => {
    const line = envelope("https://dashscope.aliyuncs.com/compatible-mode/v1/chat/completions", chatBody("qwen-plus"), {
      choices: [{ index: 0, message: { role: "assistant", content: "hello" }, finish_reason: "stop" }],
      usage: {
        prompt_tokens: 3000,
        completion_tokens: 10,
        prompt_tokens_details: { cached_tokens: 1024, cache_creation_input_tokens: 1500, cache_type: "ephemeral" },
      },
    });
    const result = readTrace(line);
    expect(result.ok && result.trace.provider).toBe("qwen");
    expect(result.ok && result.trace.requests[0].measured).toMatchObject({
      input: 3000,
      cacheRead: 1024,
      cacheWrite: 1500,
      uncached: 476,
    });
  });

  it("GLM: prompt_tokens_details.cached_tokens, the model named on a gateway URL", () => {
    const line = envelope("https://openrouter.ai/api/v1/chat/completions", chatBody("z-ai/glm-5.3"), {
      choices: [{ index: 0, message: { role: "assistant", content: "hello" }, finish_reason: "stop" }],
      usage: { prompt_tokens: 2000, completion_tokens: 10, prompt_tokens_details: { cached_tokens: 1536 } },
    });
    const result = readTrace(line);
    expect(result.ok && result.trace.provider).toBe("glm");
    expect(result.ok && result.trace.requests[0].measured).toMatchObject({
      input: 2000,
      cacheRead: 1536,
      uncached: 464,
    });
  });
});
