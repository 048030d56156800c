/**
 * The exact requests of the explicit caches: Gemini's `cachedContents.create` and the `generateContent` naming it
 * (ai.google.dev/gemini-api/docs/caching; the API refuses `systemInstruction`, `tools` or `toolConfig` beside
 * `cachedContent`), and Qwen's `cache_control` markers (alibabacloud.com/help/en/model-studio/context-cache).
 */
import { describe, expect, it } from "vitest";
import { cachedContentKey, explicitCachePlan } from "./gemini/cached-content";
import type { GeminiGenerateContentRequest } from "./gemini/gemini-types";
import { countCacheMarkers, withCacheControlMarkers } from "./qwen/explicit-cache";

const body: GeminiGenerateContentRequest = {
  systemInstruction: { parts: [{ text: "You are helpful." }] },
  tools: [{ functionDeclarations: [{ name: "get_weather", description: "Weather for a city." }] }],
  toolConfig: { functionCallingConfig: { mode: "AUTO" } },
  contents: [{ role: "user", parts: [{ text: "Weather in Paris?" }] }],
  generationConfig: { maxOutputTokens: 1024, temperature: 0 },
};

describe("Gemini explicit cached content", () => {
  it("moves the system instruction, tools and tool config into cachedContents.create, with the TTL", () => {
    const plan = explicitCachePlan(body, { model: "gemini-2.5-flash", ttlSeconds: 3600, name: "cachedContents/abc" });
    expect(plan.create.url).toBe("https://generativelanguage.googleapis.com/v1beta/cachedContents");
    expect(plan.create.body).toEqual({
      model: "models/gemini-2.5-flash",
      systemInstruction: body.systemInstruction,
      tools: body.tools,
      toolConfig: body.toolConfig,
      ttl: "3600s",
    });
    expect(plan.generate.url).toBe(
      "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent",
    );
    expect(plan.generate.body).toEqual({
      cachedContent: "cachedContents/abc",
      contents: body.contents,
      generationConfig: { maxOutputTokens: 1024, temperature: 0 },
    });
    for (const field of ["systemInstruction", "tools", "toolConfig"])
      expect(plan.generate.body).not.toHaveProperty(field);
  });

  it("a changed tool list is another cached content; another TTL is the same one", () => {
    const plan = (next: GeminiGenerateContentRequest, ttlSeconds = 3600) =>
      explicitCachePlan(next, { model: "gemini-2.5-flash", ttlSeconds, name: "cachedContents/abc" });
    const changed = {
      ...body,
      tools: [{ functionDeclarations: [...body.tools![0].functionDeclarations, { name: "get_time" }] }],
    };
    expect(plan(changed).key).not.toBe(plan(body).key);
    expect(plan(body, 600).key).toBe(plan(body).key);
    expect(cachedContentKey(plan(body).create.body)).toBe(plan(body).key);
  });
});

describe("Qwen explicit cache markers", () => {
  it("marks the system message and the last message with an ephemeral cache_control", () => {
    const marked = withCacheControlMarkers({
      model: "qwen-plus",
      messages: [
        { role: "system", content: "You are helpful." },
        { role: "user", content: "Weather in Paris?" },
      ],
    });
    expect(marked.messages[0]).toEqual({
      role: "system",
      content: [{ type: "text", text: "You are helpful.", cache_control: { type: "ephemeral" } }],
    });
    expect(marked.messages[1].content).toEqual([
      { type: "text", text: "Weather in Paris?", cache_control: { type: "ephemeral" } },
    ]);
    expect(countCacheMarkers(marked)).toBe(2);
  });

  it("skips an assistant turn without text for the message before it, and never exceeds four markers", () => {
    const marked = withCacheControlMarkers({
      messages: [
        { role: "system", content: "s" },
        { role: "user", content: "u" },
        { role: "assistant", content: null, tool_calls: [{ id: "1" }] },
      ],
    });
    expect(countCacheMarkers(marked)).toBe(2);
    expect(marked.messages[2].content).toBeNull();
    expect(countCacheMarkers(marked)).toBeLessThanOrEqual(4);
  });
});
