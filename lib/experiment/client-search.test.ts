/**
 * The strategies that search on the client use the semantic or hybrid search in measured runs when one is chosen:
 * against the fake provider (its model searches with the task's prompt and calls what the search lists first) and
 * the fake embedding server (vectors computed from the text in a known way), the search results the model received
 * are the ranking computed by hand from those vectors, the hybrid its formula, the cache serves a second run without
 * a request, and a failing endpoint leaves the run to the lexical search with a note, and the results say which ran.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine } from "@/lib/engine";
import { createDirectTransport } from "@/lib/server/experiment-transport";
import { createOpenAiCompatibleEmbeddings } from "@/lib/search/embeddings/openai-compatible";
import { createHybridSearch, createSemanticSearch, toolEmbeddingText } from "@/lib/search/embeddings/semantic-search";
import { createMemoryEmbeddingCache } from "@/lib/search/embeddings/types";
import {
  fakeEmbedding,
  startFakeEmbeddingServer,
  type FakeEmbeddingServer,
} from "@/scripts/test-support/fake-embedding-server";
import { startFakeProvider, type FakeProvider } from "@/test/fake-provider/server";
import { runExperiment, type ExperimentDesign } from "./runner";
import { FAULT_CATALOG } from "./test-support/known-faults";
import { memoryExperimentStore, type ExperimentCell, type TaskRunResult } from "./types";
import type { ExperimentTask } from "./tasks";

const GATEWAY: ExperimentCell = { strategy: "gateway", provider: "openai-chat", model: "gpt-5.4" };
// Everyday words: "mail" and "money" are in the fake vectors' vocabulary, the tools' own words are not in the prompts.
const TASKS: ExperimentTask[] = [
  { id: "mail", prompt: "Please drop a mail to Ana", expect: { tools: ["send_email"] } },
  { id: "money", prompt: "Ask the client for the money", expect: { tools: ["create_invoice"] } },
];
const tools = FAULT_CATALOG.tools;

let fake: FakeProvider;
let embeddings: FakeEmbeddingServer;
let env: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeProvider();
  embeddings = await startFakeEmbeddingServer();
  env = { PLAYGROUND_TEST_PROVIDER_BASE_URL: fake.url, OPENAI_API_KEY: "sk-test-search", PLAYGROUND_LIVE_LOG: "off" };
});
afterAll(async () => {
  await fake.close();
  await embeddings.close();
});

const design = (id: string): ExperimentDesign => ({
  id,
  catalog: FAULT_CATALOG,
  tasks: TASKS,
  cells: [GATEWAY],
  repetitions: 1,
});

/** The names in each `search_tools` result the model received, by the prompt that asked. */
function listedByPrompt(): Map<string, string[]> {
  const listed = new Map<string, string[]>();
  for (const request of fake.requests) {
    const messages = (request.body as { messages: Array<{ role: string; content: unknown }> }).messages;
    const prompt = String(messages.find((message) => message.role === "user")?.content ?? "");
    const result = messages.find((message) => message.role === "tool");
    if (!result || listed.has(prompt)) continue;
    const names = String(result.content)
      .split("\n")
      .map((line) => /^([A-Za-z0-9_.:-]+) — /.exec(line.trim())?.[1])
      .filter((name): name is string => Boolean(name));
    listed.set(prompt, names);
  }
  return listed;
}

const vectors = tools.map((tool) => Float32Array.from(fakeEmbedding(toolEmbeddingText(tool))));
const queries = new Map(TASKS.map((task) => [task.prompt, Float32Array.from(fakeEmbedding(task.prompt))]));
const names = (outcome: ReturnType<ReturnType<typeof createSemanticSearch>["search"]>) =>
  outcome.ok ? outcome.hits.map((hit) => hit.name) : [];

async function run(
  id: string,
  kind: "semantic" | "hybrid",
  cache = createMemoryEmbeddingCache(),
  designed: ExperimentDesign = design(id),
) {
  fake.reset();
  return runExperiment({
    design: designed,
    store: memoryExperimentStore(),
    transport: createDirectTransport(env),
    clientSearch: {
      setting: { kind, semanticWeight: 0.7 },
      backend: createOpenAiCompatibleEmbeddings({ baseUrl: embeddings.baseUrl, model: "fake-embed" }),
      cache,
    },
  });
}

describe("the experiment's client search", () => {
  it("semantic: the model receives the ranking computed by hand from the vectors, and the results say so", async () => {
    const cache = createMemoryEmbeddingCache();
    const outcome = await run("semantic", "semantic", cache);
    const semantic = createSemanticSearch(tools, vectors, queries);
    const listed = listedByPrompt();
    for (const task of TASKS) expect(listed.get(task.prompt)).toEqual(names(semantic.search(task.prompt, 5)));
    // The lexical search ranks these prompts otherwise: the test tells the two apart.
    const lexical = createEngine().searchers(tools).client;
    expect(TASKS.some((task) => names(lexical.search(task.prompt, 5)).join() !== listed.get(task.prompt)!.join())).toBe(
      true,
    );
    expect(outcome.results.map((result: TaskRunResult) => result.search)).toEqual(["semantic", "semantic"]);
    // "mail" is in send_email's description ("email"): the semantic search finds it where no word of the prompt does.
    expect(outcome.results.find((result) => result.taskId === "mail")?.selected).toBe(true);

    // A second run over the same cache asks the endpoint nothing.
    const before = embeddings.requests.length;
    await run("semantic-again", "semantic", cache);
    expect(embeddings.requests.length).toBe(before);
  }, 60_000);

  it("hybrid: its formula over the client search and the vectors", async () => {
    const outcome = await run("hybrid", "hybrid");
    const lexical = createEngine().searchers(tools).client;
    const hybrid = createHybridSearch(tools, lexical, createSemanticSearch(tools, vectors, queries), 0.7);
    const listed = listedByPrompt();
    for (const task of TASKS) expect(listed.get(task.prompt)).toEqual(names(hybrid.search(task.prompt, 5)));
    expect(outcome.results.map((result) => result.search)).toEqual(["hybrid", "hybrid"]);
  }, 60_000);

  it("under wire names the model receives the semantic ranking under the names it was sent, and calls them", async () => {
    // Names MCP allows and OpenAI refuses; the run sends each as its wire name (settings `toolNameMapping`).
    const wire: Record<string, string> = {
      get_weather: "weather.get",
      send_email: "mail/send",
      create_invoice: "billing.invoice.create",
      translate_text: "text.translate",
    };
    const renamed = tools.map((tool) => ({ ...tool, name: wire[tool.name] }));
    const sentAs = (name: string) => name.replace(/[./]/g, "_");
    const outcome = await run("semantic-wire", "semantic", createMemoryEmbeddingCache(), {
      ...design("semantic-wire"),
      catalog: { tools: renamed },
      tasks: TASKS.map((task) => ({ ...task, expect: { tools: task.expect.tools.map((name) => wire[name]) } })),
      settings: { toolNameMapping: "wire" },
    });
    const renamedVectors = renamed.map((tool) => Float32Array.from(fakeEmbedding(toolEmbeddingText(tool))));
    const semantic = createSemanticSearch(renamed, renamedVectors, queries);
    const listed = listedByPrompt();
    for (const task of TASKS)
      expect(listed.get(task.prompt)).toEqual(names(semantic.search(task.prompt, 5)).map(sentAs));
    expect(outcome.results.map((result) => result.search)).toEqual(["semantic", "semantic"]);
    expect(outcome.results.find((result) => result.taskId === "mail")).toMatchObject({
      selected: true,
      unknownCalls: 0,
    });
  }, 60_000);

  it("a failing endpoint falls back to the lexical search with a note, and the results say so", async () => {
    embeddings.failWith(500, { error: { message: "model not loaded" } });
    const outcome = await run("failing", "semantic");
    const lexical = createEngine().searchers(tools).client;
    const listed = listedByPrompt();
    for (const task of TASKS) expect(listed.get(task.prompt)).toEqual(names(lexical.search(task.prompt, 5)));
    for (const result of outcome.results) {
      expect(result.search).toBe("lexical");
      expect(result.searchFallback).toMatch(/model not loaded/);
    }
  }, 60_000);
});
