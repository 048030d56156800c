/**
 * The explicit-cache requests the engine sends, through the official clients against the fake provider on
 * loopback: Gemini's `cachedContents.create` and the `generateContent` naming the object (`@google/genai`), and
 * Qwen's `cache_control` markers (`openai`, DashScope's compatible mode). The fake receives the bodies the engine
 * wrote, reports usage the provider's way, and the adapter reads it back.
 */
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeProvider, type FakeProvider } from "@/test/fake-provider/server";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import type { ProviderId } from "../core/ids";
import { cachedGenerateContentParameters, createCachedContentParameters } from "./gemini/cached-content";
import type { CachedContentsCreateRequest } from "./gemini/cached-content";
import type { GeminiGenerateContentRequest } from "./gemini/gemini-types";
import { providerAdapter } from "./index";

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

const LONG_SYSTEM = "You are a careful weather assistant. Follow the house rules in every answer. ".repeat(250);

async function explicitRun(provider: ProviderId, model: string) {
  const example = await loadExample("weather");
  const settings = { ...example.settings, provider, model, system: LONG_SYSTEM, cacheMechanism: "explicit" as const };
  return createEngine().runStrategy({ ...example, settings }, "full", { provider, model });
}

describe("Gemini cachedContents through @google/genai", () => {
  const client = () =>
    new GoogleGenAI({
      apiKey: "test-gemini-key",
      httpOptions: { baseUrl: `${fake.url}/gemini`, apiVersion: "v1beta" },
    });

  it("creates the object with the engine's body, then generateContent names it and reads what it holds", async () => {
    fake.reset();
    const { steps } = await explicitRun("gemini", "gemini-2.5-flash");
    const create = steps[0].cacheCreateRequest!.body as CachedContentsCreateRequest;
    const created = await client().caches.create(createCachedContentParameters(create));
    expect(fake.requests[0].path).toBe("/gemini/v1beta/cachedContents");
    expect(fake.requests[0].body).toEqual(create);
    expect(created.name).toMatch(/^cachedContents\//);
    const usages = [];
    for (const step of steps.slice(0, 2)) {
      const body = { ...(step.request.body as GeminiGenerateContentRequest), cachedContent: created.name! };
      const reply = await client().models.generateContent(cachedGenerateContentParameters("gemini-2.5-flash", body));
      expect(fake.requests.at(-1)!.body).toEqual(body);
      usages.push(providerAdapter("gemini").readUsage({ usageMetadata: reply.usageMetadata })!);
    }
    // Both requests read exactly the object's tokens; the rest of each prompt is plain input.
    const held = created.usageMetadata!.totalTokenCount!;
    for (const usage of usages) {
      expect(usage.cacheRead).toBe(held);
      expect(usage.uncached).toBe(usage.input - held);
    }
  });

  it("refuses tools beside cachedContent, as the API does (400 INVALID_ARGUMENT)", async () => {
    fake.reset();
    const { steps } = await explicitRun("gemini", "gemini-2.5-flash");
    const created = await client().caches.create(
      createCachedContentParameters(steps[0].cacheCreateRequest!.body as CachedContentsCreateRequest),
    );
    const response = await fetch(`${fake.url}/gemini/v1beta/models/gemini-2.5-flash:generateContent`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-goog-api-key": "test-gemini-key" },
      body: JSON.stringify({ ...steps[0].request.body, cachedContent: created.name, tools: declaredTools(steps) }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { status: string } }).error.status).toBe("INVALID_ARGUMENT");
  });
});

const declaredTools = (steps: { cacheCreateRequest?: { body: Record<string, unknown> } }[]) =>
  steps[0].cacheCreateRequest!.body.tools;

describe("Qwen cache_control markers through the openai client", () => {
  it("the first request reports what it created, the next what it read; the adapter reads both", async () => {
    fake.reset();
    const { steps } = await explicitRun("qwen", "qwen-plus");
    const client = new OpenAI({ apiKey: "test-qwen-key", baseURL: `${fake.url}/qwen/v1` });
    const usages = [];
    for (const step of steps.slice(0, 2)) {
      const reply = await client.chat.completions.create(
        step.request.body as unknown as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming,
      );
      expect(fake.requests.at(-1)!.body).toEqual(step.request.body);
      usages.push(providerAdapter("qwen").readUsage(reply as unknown as Record<string, unknown>)!);
    }
    expect(usages[0].cacheWrite).toBeGreaterThan(0);
    expect(usages[0].cacheRead).toBe(0);
    expect(usages[1].cacheRead).toBeGreaterThan(0);
  });
});
