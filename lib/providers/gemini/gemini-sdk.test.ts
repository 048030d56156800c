/**
 * The Gemini wire format against Google's own client: `@google/genai` calls the fake provider on loopback with a
 * body this adapter rendered, streaming and not, and the adapter reads back the same usage the SDK parsed.
 */
import { GoogleGenAI, type GenerateContentParameters } from "@google/genai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeProvider, type FakeProvider } from "@/test/fake-provider/server";
import { providerAdapter } from "../index";

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

const gemini = providerAdapter("gemini");

function client() {
  return new GoogleGenAI({
    apiKey: "test-gemini-key",
    httpOptions: { baseUrl: `${fake.url}/gemini`, apiVersion: "v1beta" },
  });
}

/** The SDK's parameters for a body the renderer wrote: the body's fields move into `config` as the SDK expects. */
function parameters(prompt: string): GenerateContentParameters {
  return {
    model: "gemini-2.5-flash",
    contents: [{ role: "user", parts: [{ text: prompt }] }],
    config: {
      systemInstruction: { parts: [{ text: "You are a helpful assistant. ".repeat(200) }] },
      tools: [
        {
          functionDeclarations: [
            {
              name: "get_weather",
              description: "Get the weather at a specific location",
              parametersJsonSchema: { type: "object", properties: { location: { type: "string" } } },
            },
          ],
        },
      ],
    },
  };
}

describe("Gemini generateContent through @google/genai against the fake", () => {
  it("non-streaming: the adapter reads the usage the SDK parsed, cached tokens included", async () => {
    fake.reset();
    await client().models.generateContent(parameters("What is the weather in Paris?"));
    const second = await client().models.generateContent(parameters("What is the weather in Rome?"));
    const body = fake.requests.at(-1)!.body as Record<string, unknown>;
    expect(fake.requests.at(-1)!.headers["x-goog-api-key"]).toBe("test-gemini-key");
    expect(gemini.body.systemText(body)).toContain("helpful assistant");
    expect(gemini.body.declaredTools(body).map((tool) => tool.name)).toEqual(["get_weather"]);
    const usage = second.usageMetadata!;
    const read = gemini.readUsage({ usageMetadata: usage });
    expect(usage.cachedContentTokenCount).toBeGreaterThan(0);
    expect(read).toMatchObject({ input: usage.promptTokenCount, cacheRead: usage.cachedContentTokenCount });
    expect(read!.uncached).toBe(usage.promptTokenCount! - usage.cachedContentTokenCount!);
  });

  it("streaming: the adapter's accumulator folds the SSE events the SDK also reads into the same reply", async () => {
    fake.reset();
    const events: Record<string, unknown>[] = [];
    for await (const chunk of await client().models.generateContentStream(parameters("Weather in Oslo?")))
      events.push(JSON.parse(JSON.stringify(chunk)) as Record<string, unknown>);
    const accumulator = gemini.createStreamAccumulator(() => {});
    for (const event of events) accumulator.push(event);
    const folded = accumulator.result();
    const reply = gemini.readReply(folded);
    expect(reply.blocks.some((block) => block.type === "tool-call" && block.name === "get_weather")).toBe(true);
    expect(gemini.readUsage(folded)).toMatchObject({ input: expect.any(Number), output: expect.any(Number) });
    expect(fake.requests.at(-1)!.path).toBe("/gemini/v1beta/models/gemini-2.5-flash:streamGenerateContent");
  });
});
