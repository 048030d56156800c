/**
 * A live run end to end: the LiveRun (browser side) builds each request with the engine's renderers, the HTTP
 * transport posts it to the real route handler, the route calls the fake provider through the official SDK, and
 * the fake "model" drives the conversation. Every strategy on its provider; 429 then Retry with nothing lost; Stop
 * keeping what arrived.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadExample } from "@/lib/examples";
import { computeCost, getModel } from "@/lib/models";
import { createHttpTransport } from "@/lib/live/http-transport";
import { createLiveRun, type LiveRunSnapshot } from "@/lib/live/live-run";
import type { LiveEndpoint } from "@/lib/live/types";
import type { Scenario } from "@/lib/scenario/types";
import type { ProviderId, StrategyId } from "@/lib/core/ids";
import { resetLiveRateLimits } from "@/lib/server/live-rate-limit";
import { routeFetch, setEnv } from "@/test/fake-provider/route-client";
import { startFakeProvider, type FakeProvider } from "@/test/fake-provider/server";
import { POST as countTokens } from "../../count-tokens/route";
import { POST as send } from "./route";

const KEY = "sk-live-run-test-key-424242";
let fake: FakeProvider;
let scenario: Scenario;
let restore: () => void;
const answers: string[] = [];

beforeAll(async () => {
  fake = await startFakeProvider();
  scenario = await loadExample("learning-agent");
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  resetLiveRateLimits();
  answers.length = 0;
  restore = setEnv({
    PLAYGROUND_TEST_PROVIDER_BASE_URL: fake.url,
    ANTHROPIC_API_KEY: undefined,
    OPENAI_API_KEY: undefined,
    MOONSHOT_API_KEY: undefined,
    PLAYGROUND_LIVE_LOG: "off",
    PLAYGROUND_LIVE_LOG_FILE: undefined,
    PLAYGROUND_LIVE_RATE_BURST: "1000",
  });
});
afterEach(() => restore());

function transport() {
  return createHttpTransport({
    fetch: routeFetch(
      { "/api/live/send": send, "/api/count-tokens": countTokens },
      { onResponse: (_path, response) => void response.text().then((text) => answers.push(text)) },
    ),
    providerKey: () => KEY,
  });
}

function run(
  strategyId: StrategyId,
  provider: ProviderId,
  model: string,
  settings: Partial<Scenario["settings"]> = {},
  endpoint?: LiveEndpoint,
) {
  const turns = scenario.turns.slice(0, 2);
  return createLiveRun({
    scenario: { ...scenario, turns, settings: { ...scenario.settings, ...settings } },
    strategyId,
    provider,
    model,
    transport: transport(),
    ...(endpoint ? { endpoint } : {}),
  });
}

function expectComplete(snapshot: LiveRunSnapshot) {
  expect(snapshot.error, JSON.stringify(snapshot.error)).toBeNull();
  expect(snapshot.status).toBe("done");
  expect(snapshot.steps.length).toBeGreaterThanOrEqual(2);
  for (const step of snapshot.steps) {
    expect(step.measured).not.toBeNull();
    expect(step.difference?.input).toBe(step.measured!.input - step.tokens.input);
    expect(step.request.body).toBeTypeOf("object");
  }
  // Each turn ends with an answer (of the main conversation; a second one answers too).
  expect(snapshot.steps.filter((step) => step.kind === "answer" && !step.lane).map((step) => step.turn)).toEqual([
    0, 1,
  ]);
}

describe("a live run through the route and the fake provider", () => {
  it.each([
    ["full", "anthropic", "claude-opus-4-8", {}],
    ["stubs", "anthropic", "claude-opus-4-8", {}],
    ["gateway", "openai-chat", "gpt-5.4", {}],
    ["naive-dynamic", "openai-responses", "gpt-5.4", {}],
    ["anthropic-tool-search", "anthropic", "claude-opus-4-8", { searchExecution: "server" }],
    ["anthropic-tool-search", "anthropic", "claude-opus-4-8", { searchExecution: "client" }],
    ["anthropic-mid-conversation", "anthropic", "claude-opus-4-8", {}],
    ["openai-tool-search", "openai-responses", "gpt-5.4", { searchExecution: "server" }],
    ["openai-tool-search", "openai-responses", "gpt-5.4", { searchExecution: "client" }],
    ["kimi-dynamic", "moonshot", "kimi-k3", {}],
    ["gateway", "deepseek", "deepseek-v4-flash", {}],
    ["stubs", "qwen", "qwen-plus", {}],
    ["naive-dynamic", "glm", "glm-5.3", {}],
    ["gateway", "gemini", "gemini-2.5-flash", {}],
    ["full", "gemini", "gemini-2.5-pro", {}],
  ] as const)("%s on %s (%s) %j", async (strategyId, provider, model, settings) => {
    const live = run(strategyId, provider, model, settings);
    const snapshot = await live.run();
    expectComplete(snapshot);
    const strategyRun = live.toStrategyRun();
    expect(strategyRun.steps).toHaveLength(snapshot.steps.length);
    expect(strategyRun.totals.requests).toBe(snapshot.steps.length);
    if (strategyId !== "full")
      expect(snapshot.steps.some((step) => step.kind === "search" || step.kind === "load")).toBe(true);
    for (const text of answers) expect(text).not.toContain(KEY);
  });

  it.each([
    ["deepseek", "deepseek-v4-flash", "/deepseek/v1/chat/completions"],
    ["qwen", "qwen-plus", "/qwen/v1/chat/completions"],
    ["glm", "glm-5.3", "/glm/v1/chat/completions"],
    ["gemini", "gemini-2.5-flash", "/gemini/v1beta/models/gemini-2.5-flash:streamGenerateContent"],
  ] as const)(
    "%s: calls its own endpoint and reads its cache hits back from its usage",
    async (provider, model, path) => {
      const snapshot = await run("gateway", provider, model).run();
      expectComplete(snapshot);
      expect(new Set(fake.requests.map((request) => request.path))).toEqual(new Set([path]));
      // The fake reads back the shared prefix of the previous prompt; DeepSeek reports it as prompt_cache_hit_tokens.
      const later = snapshot.steps.slice(1);
      expect(later.some((step) => step.measured!.cacheRead > 0)).toBe(true);
      for (const step of snapshot.steps)
        expect(step.measured!.cacheRead + step.measured!.uncached + step.measured!.cacheWrite).toBe(
          step.measured!.input,
        );
    },
  );

  it("Qwen with the explicit cache chosen: sends cache_control markers, reads creation and hits back and compares", async () => {
    const system = "You are a careful assistant. Follow the house rules in every answer. ".repeat(120);
    const snapshot = await run("full", "qwen", "qwen-plus", { cacheMechanism: "explicit", system }).run();
    expectComplete(snapshot);
    for (const request of fake.requests)
      expect(JSON.stringify(request.body)).toContain('"cache_control":{"type":"ephemeral"}');
    const [first, ...later] = snapshot.steps;
    expect(first.explicitCache?.status).toBe("created");
    // The fake reports DashScope's prompt_tokens_details.cache_creation_input_tokens; the adapter reads it as written.
    expect(first.measured!.cacheWrite).toBeGreaterThan(0);
    expect(first.difference?.cacheWrite).toBe(first.measured!.cacheWrite - first.tokens.cacheWrite);
    expect(later.some((step) => step.explicitCache?.status === "hit" && step.measured!.cacheRead > 0)).toBe(true);
  });

  it("Gemini with the explicit cache chosen: creates the cached content, names it, reads its tokens back", async () => {
    const system = "You are a careful assistant. Follow the house rules in every answer. ".repeat(200);
    const snapshot = await run("full", "gemini", "gemini-2.5-flash", { cacheMechanism: "explicit", system }).run();
    expectComplete(snapshot);
    const paths = fake.requests.map((request) => request.path);
    expect(paths[0]).toBe("/gemini/v1beta/cachedContents");
    expect(paths.filter((path) => path.endsWith("/cachedContents"))).toHaveLength(1);
    const created = fake.requests[0].body as Record<string, unknown>;
    expect(created).toMatchObject({ model: "models/gemini-2.5-flash", ttl: "3600s" });
    expect(created.systemInstruction).toEqual({ parts: [{ text: system }] });
    // Every generation request names the object the fake made, and carries neither tools nor the system instruction.
    for (const request of fake.requests.slice(1)) {
      expect((request.body as Record<string, unknown>).cachedContent).toBe("cachedContents/fake0001");
      expect(request.body).not.toHaveProperty("tools");
      expect(request.body).not.toHaveProperty("systemInstruction");
    }
    expect(snapshot.steps[0].explicitCache?.status).toBe("created");
    // Each request reads what the object holds: usage read back (cachedContentTokenCount) and compared.
    for (const step of snapshot.steps) {
      expect(step.measured!.cacheRead).toBeGreaterThan(0);
      expect(step.difference?.cacheRead).toBe(step.measured!.cacheRead - step.tokens.cacheRead);
    }
  });

  it("sends the mid-conversation beta header and a tool_addition system message after the search result", async () => {
    const snapshot = await run("anthropic-mid-conversation", "anthropic", "claude-opus-4-8").run();
    expectComplete(snapshot);
    expect(
      fake.requests.every((request) =>
        request.headers["anthropic-beta"]?.includes("mid-conversation-tool-changes-2026-07-01"),
      ),
    ).toBe(true);
    const messages = (
      snapshot.steps[1].request.body.messages as Array<{ role: string; content: Array<{ type: string }> }>
    ).map((message) => `${message.role}:${[...new Set(message.content.map((block) => block.type))].join("+")}`);
    expect(messages).toEqual(["user:text", "assistant:tool_use", "user:tool_result", "system:tool_addition"]);
  });

  it("sends back the provider's own assistant content (server search input, tool_search_output tools)", async () => {
    const snapshot = await run("openai-tool-search", "openai-responses", "gpt-5.4", {
      searchExecution: "server",
    }).run();
    expectComplete(snapshot);
    const second = snapshot.steps[1].request.body.input as Array<{ type?: string; tools?: unknown[]; id?: string }>;
    const output = snapshot.steps[0].response.output as Array<{ id: string }>;
    expect(second.filter((item) => item.id).map((item) => item.id)).toEqual(output.map((item) => item.id));
  });

  it("a 429 fails the step with its retry-after; Retry resumes from that request and nothing is lost", async () => {
    const live = run("gateway", "anthropic", "claude-opus-4-8");
    let queued = false;
    const failed = await live.run({
      onUpdate: (snapshot) => {
        if (!queued && snapshot.steps.length === 1) {
          queued = true;
          fake.enqueue({ kind: "error", status: 429, retryAfter: 2 });
        }
      },
    });
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatchObject({
      code: "provider_rate_limited",
      status: 429,
      providerStatus: 429,
      retryAfterSeconds: 2,
    });
    expect(failed.steps).toHaveLength(1);
    const failedRequest = failed.interrupted!.request.body;
    const resumed = await live.run();
    expectComplete(resumed);
    expect(resumed.steps[0]).toEqual(failed.steps[0]);
    expect(resumed.steps[1].request.body).toEqual(failedRequest);
    expect(resumed.steps[1].attempts).toBe(2);
    expect(resumed.steps[1].notes.join(" ")).toContain("sent 2 times");
  });

  it("Stop keeps the steps and what had streamed in; run() again resends that request", async () => {
    const live = run("full", "anthropic", "claude-opus-4-8");
    const controller = new AbortController();
    fake.enqueue({ kind: "slow", delayMs: 40 });
    const stopped = await live.run({
      signal: controller.signal,
      onUpdate: (snapshot) => {
        if (snapshot.preview.some((part) => part.text.length > 0)) controller.abort();
      },
    });
    expect(stopped.status).toBe("stopped");
    expect(stopped.error).toBeNull();
    expect(stopped.interrupted?.reason).toBe("stopped");
    expect(stopped.interrupted?.preview[0].text.length).toBeGreaterThan(0);
    expect(stopped.steps).toHaveLength(0);
    const resumed = await live.run();
    expectComplete(resumed);
  });

  it("counts a step exactly through the counting route", async () => {
    const live = run("full", "anthropic", "claude-opus-4-8");
    const snapshot = await live.run();
    const step = snapshot.steps[0];
    const exact = await transport().count({
      provider: "anthropic",
      endpoint: { kind: "official" },
      body: step.request.body,
      betas: [],
    });
    expect(exact.method).toBe("anthropic count_tokens");
    expect(exact.inputTokens).toBeGreaterThan(0);
  });

  it("refuses a strategy the provider cannot carry, without sending anything", async () => {
    const snapshot = await run("kimi-dynamic", "anthropic", "claude-opus-4-8").run();
    expect(snapshot.status).toBe("refused");
    expect(snapshot.refused).toContain("Moonshot");
    expect(fake.requests).toHaveLength(0);
  });
});

describe("a live run's second conversation, sent for real", () => {
  const laneOf = (step: { lane?: string }) => step.lane ?? "main";

  it("prefilter: the small model's request before each turn, its selection in the main request's tools, usage summed per model", async () => {
    const live = run("prefilter", "anthropic", "claude-opus-4-8", {
      prefilterModel: "claude-haiku-4-5",
      prefilterOrder: "append-only",
    });
    const snapshot = await live.run();
    expectComplete(snapshot);
    const sent = fake.requests.filter((request) => request.path === "/v1/messages");
    expect(sent).toHaveLength(snapshot.steps.length);
    // Each turn starts with the small model's request, on the small model, with no tools and the catalog as text.
    for (const turn of [0, 1]) {
      const first = snapshot.steps.find((step) => step.turn === turn)!;
      expect(laneOf(first)).toBe("prefilter");
      expect(first.request.body.model).toBe("claude-haiku-4-5");
      expect(first.request.body.tools ?? []).toEqual([]);
      expect(JSON.stringify(first.request.body.system)).toContain(scenario.catalog.tools[0].name);
      expect(first.notes.join(" ")).toContain("the small model selected");
    }
    const firstPick = snapshot.steps[0].response.content as Array<{ type: string; text?: string }>;
    const picked = firstPick[0].text!.split("\n");
    const main = snapshot.steps.filter((step) => laneOf(step) === "main");
    expect(main.every((step) => step.request.body.model === "claude-opus-4-8")).toBe(true);
    // The first main request declares exactly the tools the small model named.
    expect((main[0].request.body.tools as Array<{ name: string }>).map((tool) => tool.name)).toEqual(picked);
    // Both lanes' measured usage is in the run's totals, each priced at its own model.
    const strategyRun = live.toStrategyRun();
    expect(strategyRun.totals.requests).toBe(snapshot.steps.length);
    const prefilterCost = snapshot.steps
      .filter((step) => laneOf(step) === "prefilter")
      .reduce((sum, step) => sum + step.measuredCost!.totalUsd, 0);
    expect(prefilterCost).toBeGreaterThan(0);
    const small = snapshot.steps[0];
    const options = { ttl: "5m" as const, writesBilled: true };
    expect(small.measuredCost!.totalUsd).toBeCloseTo(
      computeCost(small.measured!, getModel("anthropic", "claude-haiku-4-5")!.prices, options).totalUsd,
      12,
    );
    expect(small.measuredCost!.totalUsd).toBeLessThan(
      computeCost(small.measured!, getModel("anthropic", "claude-opus-4-8")!.prices, options).totalUsd,
    );
  });

  it("subagent: the delegation call starts a sub-agent conversation with the whole catalog; its summary is the tool result", async () => {
    const live = run("subagent", "openai-responses", "gpt-5.4");
    const snapshot = await live.run();
    expectComplete(snapshot);
    const lanes = snapshot.steps.map((step) => `${step.turn}:${laneOf(step)}:${step.kind}`);
    expect(lanes.slice(0, 4)).toEqual(["0:main:call", "0:sub-agent:call", "0:sub-agent:answer", "0:main:answer"]);
    const sub = snapshot.steps[1];
    const subTools = (sub.request.body.tools as Array<{ name: string }>).map((tool) => tool.name);
    expect(subTools).toEqual(scenario.catalog.tools.map((tool) => tool.name));
    expect((snapshot.steps[0].request.body.tools as Array<{ name: string }>).map((tool) => tool.name)).toEqual([
      "delegate",
    ]);
    // The sub-agent's own tool call was answered by the client side with the catalog's mock result.
    const subInput = snapshot.steps[2].request.body.input as Array<{ type?: string; output?: string }>;
    expect(subInput.some((item) => item.type === "function_call_output" && item.output)).toBe(true);
    // The sub-agent's answer went back to the main agent as the delegate call's output.
    const summary = (snapshot.steps[2].response.output as Array<{ content?: Array<{ text: string }> }>)
      .flatMap((item) => item.content ?? [])
      .map((part) => part.text)
      .join("");
    const mainInput = snapshot.steps[3].request.body.input as Array<{ type?: string; output?: string }>;
    expect(mainInput.find((item) => item.type === "function_call_output")?.output).toBe(summary.trim());
    const totals = live.toStrategyRun().totals;
    expect(totals.requests).toBe(snapshot.steps.length);
    expect(snapshot.steps.every((step) => step.measured && step.measuredCost)).toBe(true);
  });

  it("subagent: a failed sub-agent request resumes from that request, nothing lost", async () => {
    const live = run("subagent", "anthropic", "claude-opus-4-8");
    fake.enqueue({ kind: "error", status: 500, match: "/v1/messages", after: 1 });
    const failed = await live.run();
    expect(failed.status).toBe("failed");
    expect(failed.steps).toHaveLength(1);
    const resumed = await live.run();
    expectComplete(resumed);
    expect(resumed.steps[1].lane).toBe("sub-agent");
    expect(resumed.steps[1].request.body).toEqual(failed.interrupted!.request.body);
  });
});
