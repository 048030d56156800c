/**
 * The paths the weather example never takes: two tools in one turn, a first search that misses and a rephrased
 * retry that finds the tool, a tool found earlier called again without a search, a search that misses twice and a
 * visible give-up, a search returning several tools, a query derived from the user's words, non-deferred tools.
 * The rules come from docs/DESIGN.md ("A search miss is shown (one rephrased retry, then a visible give-up), never a
 * crash"; "Everything found is loaded") and PRODUCT.md's strategy table; the expected words are the ones the
 * transcript shows.
 */
import { describe, expect, it } from "vitest";
import { HOSTED_SEARCH_NOTE } from "./anthropic-tool-search";
import type { CatalogTool } from "../core/catalog";
import { createEngine } from "../engine";
import type { StrategyRun } from "../engine/types";
import { loadExample } from "../examples";
import type { Scenario, ScenarioSettings, ScenarioTurn } from "../scenario/types";
import type { ProviderId, StrategyId } from "../core/ids";
import { deriveQueryFromUserText, deriveRegexFromQuery } from "../search/derive-query";
import type { SearchOutcome, ToolSearcher } from "../search/types";
import type { ConversationSession } from "../simulator/session";
import { answerText, missNote, runSearch, searchInput } from "./discovery";

type Json = Record<string, any>;

const engine = createEngine();
const MODEL: Record<ProviderId, string> = {
  anthropic: "claude-opus-4-8",
  "openai-responses": "gpt-5.4",
  "openai-chat": "gpt-5.4",
  moonshot: "kimi-k3",
  gemini: "gemini-2.5-flash",
  deepseek: "deepseek-v4-flash",
  qwen: "qwen-plus",
  glm: "glm-5.3",
};

const LOOKUP_RECORD: CatalogTool = {
  name: "lookup_record",
  description: "Fetch an entry by its id",
  inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
};
/** A decoy that out-ranks lookup_record for the words of its own name, so the rephrased search misses too. */
const LOOKUP_RECORD_HISTORY: CatalogTool = {
  name: "lookup_record_history",
  description: "Lookup record history: every lookup record change of a record",
  inputSchema: { type: "object", properties: {} },
};

const GIVE_UP = "I could not find a tool that can do this (looked for lookup record), so I cannot complete this step.";
const NO_MATCH = "No tools matched. Try other words.";

let weatherLoaded: Promise<Scenario> | undefined;
const weather = () => (weatherLoaded ??= loadExample("weather"));

/**
 * Turn 1 needs two tools with one query ("weather"): the second search misses search_files and the rephrased one
 * ("search files", the tool's own words) finds it. Turn 2 needs get_weather again. Turn 3's query finds nothing and
 * the rephrased one returns only the decoy: the model gives up. One result per search.
 */
async function pathsScenario(settings: Partial<ScenarioSettings> = {}, turns?: ScenarioTurn[]): Promise<Scenario> {
  const base = await weather();
  return {
    ...base,
    catalog: { ...base.catalog, tools: [...base.catalog.tools, LOOKUP_RECORD, LOOKUP_RECORD_HISTORY] },
    turns: turns ?? [
      {
        user: "Weather in Paris, then find my notes",
        searchQuery: "weather",
        needs: [
          { tool: "get_weather", arguments: { location: "Paris" } },
          { tool: "search_files", arguments: { query: "notes" } },
        ],
        answer: "Done.",
      },
      { user: "And the weather in Rome?", needs: [{ tool: "get_weather", arguments: { location: "Rome" } }] },
      {
        user: "Show record 7",
        searchQuery: "zebra stripes",
        needs: [{ tool: "lookup_record", arguments: { id: "7" } }],
      },
    ],
    settings: { ...base.settings, searchResultLimit: 1, ...settings },
  };
}

function runOn(scenario: Scenario, id: StrategyId, provider: ProviderId = "anthropic"): StrategyRun {
  const settings = { ...scenario.settings, provider, model: MODEL[provider] };
  const run = engine.runStrategy({ ...scenario, settings }, id, { provider, model: MODEL[provider] });
  if (run.refused) throw new Error(`${id} on ${provider} refused: ${run.refused.reason}`);
  return run;
}

const titles = (run: StrategyRun) => run.steps.map((step) => `${step.turn}:${step.kind}:${step.title}`);
const notesOf = (run: StrategyRun) => run.steps.map((step) => step.notes);
const declared = (body: Json) =>
  ((body.tools ?? []) as Json[]).map((tool) => `${tool.name ?? tool.function?.name ?? tool.type}`);
/** The conversation of the last request: everything every earlier step appended. */
const conversation = (run: StrategyRun): Json[] => {
  const body = run.steps[run.steps.length - 1].request.body as Json;
  return (body.messages ?? body.input) as Json[];
};
/** Anthropic tool_result contents in conversation order (text, or the tool_reference blocks). */
const anthropicToolResults = (run: StrategyRun) =>
  conversation(run).flatMap((message) =>
    Array.isArray(message.content)
      ? message.content.filter((block: Json) => block.type === "tool_result").map((block: Json) => block.content)
      : [],
  );
const replyText = (run: StrategyRun) => {
  const content = (run.steps[run.steps.length - 1].response.content ?? []) as Json[];
  return content.filter((block) => block.type === "text").map((block) => block.text);
};

describe("client-run searches: miss, rephrase, reuse, give up", () => {
  it("naive-dynamic: each search is a request; a found tool joins tools in catalog order; the miss is shown", async () => {
    const run = runOn(await pathsScenario(), "naive-dynamic");
    expect(titles(run)).toEqual([
      '0:search:search "weather"',
      "0:call:call get_weather",
      '0:search:search "weather"',
      '0:search:search "search files"',
      "0:call:call search_files",
      "0:answer:answer",
      "1:call:call get_weather",
      "1:answer:answer",
      '2:search:search "zebra stripes"',
      '2:search:search "lookup record"',
      "2:answer:give up",
    ]);
    expect(notesOf(run)).toEqual([
      [],
      ["get_weather added to tools: the request prefix changes"],
      [],
      ['client search for "weather" missed search_files (returned get_weather)'],
      ["search_files added to tools: the request prefix changes"],
      [],
      [],
      [],
      [],
      ['client search for "zebra stripes" missed lookup_record (returned nothing)'],
      ['client search for "lookup record" missed lookup_record (returned lookup_record_history)'],
    ]);
    // Only the needed tool is activated (not every hit), and a known tool is not searched for again.
    expect(run.steps.map((step) => declared(step.request.body as Json).join(","))).toEqual([
      "search_tools",
      ...Array(3).fill("search_tools,get_weather"),
      ...Array(7).fill("search_tools,get_weather,search_files"),
    ]);
    expect(anthropicToolResults(run).map((content) => String(content).split(" — ")[0])).toEqual([
      "get_weather",
      expect.stringMatching(/^\{/), // get_weather's result
      "get_weather",
      "search_files",
      expect.stringMatching(/^\{/),
      expect.stringMatching(/^\{/),
      NO_MATCH,
      "lookup_record_history",
    ]);
    expect(replyText(run)).toEqual([GIVE_UP]);
    expect(run.totals).toMatchObject({ toolsNeeded: 4, toolsFound: 3 });
  });

  it("the search calls carry the scenario's query first, then the tool's own words", async () => {
    const run = runOn(await pathsScenario(), "naive-dynamic");
    const queries = run.steps.flatMap((step) =>
      ((step.response.content ?? []) as Json[])
        .filter((block) => block.type === "tool_use" && block.name === "search_tools")
        .map((block) => block.input.query),
    );
    expect(queries).toEqual(["weather", "weather", "search files", "zebra stripes", "lookup record"]);
  });

  it.each(["gateway", "anthropic-mid-conversation"] as const)(
    "%s: the same searches as requests, the found tool called without another search later",
    async (id) => {
      const run = runOn(await pathsScenario(), id);
      expect(titles(run)).toEqual([
        '0:search:search "weather"',
        "0:call:call get_weather",
        '0:search:search "weather"',
        '0:search:search "search files"',
        "0:call:call search_files",
        "0:answer:answer",
        "1:call:call get_weather",
        "1:answer:answer",
        '2:search:search "zebra stripes"',
        '2:search:search "lookup record"',
        "2:answer:give up",
      ]);
      expect(notesOf(run).filter((notes) => notes.length)).toEqual([
        ['client search for "weather" missed search_files (returned get_weather)'],
        ['client search for "zebra stripes" missed lookup_record (returned nothing)'],
        ['client search for "lookup record" missed lookup_record (returned lookup_record_history)'],
      ]);
      expect(replyText(run)).toEqual([GIVE_UP]);
      expect(run.totals).toMatchObject({ toolsNeeded: 4, toolsFound: 3 });
      expect(anthropicToolResults(run)).toContain(NO_MATCH);
    },
  );

  it("gateway: every call goes through invoke_tool, the second get_weather too", async () => {
    const run = runOn(await pathsScenario(), "gateway");
    const calls = run.steps.flatMap((step) =>
      ((step.response.content ?? []) as Json[]).filter((block) => block.type === "tool_use").map((block) => block.name),
    );
    expect(calls).toEqual([
      "search_tools",
      "invoke_tool",
      "search_tools",
      "search_tools",
      "invoke_tool",
      "invoke_tool",
      "search_tools",
      "search_tools",
    ]);
  });

  it("mid-conversation: one tool_addition per newly found tool, everything found is added, nothing twice", async () => {
    const run = runOn(await pathsScenario(), "anthropic-mid-conversation");
    const additions = conversation(run)
      .filter((message) => message.role === "system")
      .map((message) => message.content.map((block: Json) => block.tool.name));
    // The re-search for search_files returned get_weather again: not added twice. The decoy was found: added.
    expect(additions).toEqual([["get_weather"], ["search_files"], ["lookup_record_history"]]);
  });

  it("kimi-dynamic: one declaration per newly found tool, everything found is declared, nothing twice", async () => {
    const run = runOn(await pathsScenario(), "kimi-dynamic", "moonshot");
    expect(titles(run).at(-1)).toBe("2:answer:give up");
    // Turn 2 calls the tool declared in turn 1 at once, without a search or a note, then answers.
    expect(titles(run).filter((title) => title.startsWith("1:"))).toEqual([
      "1:call:call get_weather",
      "1:answer:answer",
    ]);
    expect(run.steps.filter((step) => step.turn === 1).map((step) => step.notes)).toEqual([[], []]);
    const declarations = conversation(run)
      .filter((message) => message.role === "system" && message.tools)
      .map((message) => message.tools.map((tool: Json) => tool.function.name));
    expect(declarations).toEqual([["get_weather"], ["search_files"], ["lookup_record_history"]]);
    const toolMessages = conversation(run).filter((message) => message.role === "tool");
    expect(toolMessages.map((message) => String(message.content).split(" — ")[0])).toContain(NO_MATCH);
  });

  it("a rephrased search that returns a tool the first one already made callable does not make it callable twice", async () => {
    // "history change" finds only the decoy; the rephrased "lookup record" finds the decoy again and the needed tool.
    const scenario = await pathsScenario({ searchResultLimit: 2 }, [
      {
        user: "Show record 7",
        searchQuery: "history change",
        needs: [{ tool: "lookup_record", arguments: { id: "7" } }],
      },
    ]);
    const mid = runOn(scenario, "anthropic-mid-conversation");
    const additions = conversation(mid)
      .filter((message) => message.role === "system")
      .map((message) => message.content.map((block: Json) => block.tool.name));
    expect(additions).toEqual([["lookup_record_history"], ["lookup_record"]]);
    const kimi = runOn(scenario, "kimi-dynamic", "moonshot");
    const declarations = conversation(kimi)
      .filter((message) => message.role === "system" && message.tools)
      .map((message) => message.tools.map((tool: Json) => tool.function.name));
    expect(declarations).toEqual([["lookup_record_history"], ["lookup_record"]]);
  });

  it("stubs: a schema is loaded once per tool; two tools in one turn load one after the other", async () => {
    const run = runOn(await pathsScenario(), "stubs");
    expect(titles(run)).toEqual([
      "0:load:load get_weather",
      "0:call:call get_weather",
      "0:load:load search_files",
      "0:call:call search_files",
      "0:answer:answer",
      "1:call:call get_weather",
      "1:answer:answer",
      "2:load:load lookup_record",
      "2:call:call lookup_record",
      "2:answer:answer",
    ]);
    const stubCall = (run.steps[1].response.content as Json[]).find((block) => block.type === "tool_use");
    expect(stubCall).toMatchObject({ name: "get_weather", input: { arguments: { location: "Paris" } } });
    expect(run.totals).toMatchObject({ toolsNeeded: 4, toolsFound: 4 });
  });

  it("full: both tools of a turn called in order, no search", async () => {
    const run = runOn(await pathsScenario(), "full");
    expect(titles(run)).toEqual([
      "0:call:call get_weather",
      "0:call:call search_files",
      "0:answer:answer",
      "1:call:call get_weather",
      "1:answer:answer",
      "2:call:call lookup_record",
      "2:answer:answer",
    ]);
  });
});

describe("provider-run searches: miss, rephrase, reuse, give up inside one request", () => {
  it("Anthropic server BM25: both attempts in the reply, the give-up in the same reply, the miss notes beside", async () => {
    const run = runOn(await pathsScenario(), "anthropic-tool-search");
    const expanded = HOSTED_SEARCH_NOTE;
    expect(expanded).toMatch(
      /^the search ran on Anthropic's side within this request; .*continuation.*not billed again/,
    );
    expect(titles(run)).toEqual([
      "0:search:call get_weather",
      "0:search:call search_files",
      "0:answer:answer",
      "1:call:call get_weather",
      "1:answer:answer",
      '2:search:search "zebra stripes" (missed)',
    ]);
    expect(notesOf(run)).toEqual([
      [expanded],
      ['bm25 search for "weather" missed search_files (returned get_weather)', expanded],
      [],
      [],
      [],
      [
        'bm25 search for "zebra stripes" missed lookup_record (returned nothing)',
        'bm25 search for "lookup record" missed lookup_record (returned lookup_record_history)',
      ],
    ]);
    const blockTypes = (index: number) => (run.steps[index].response.content as Json[]).map((block) => block.type);
    expect(blockTypes(1)).toEqual([
      "server_tool_use",
      "tool_search_tool_result",
      "server_tool_use",
      "tool_search_tool_result",
      "tool_use",
    ]);
    expect(blockTypes(5)).toEqual([
      "server_tool_use",
      "tool_search_tool_result",
      "server_tool_use",
      "tool_search_tool_result",
      "text",
    ]);
    const searches = (run.steps[5].response.content as Json[]).filter((block) => block.type === "server_tool_use");
    expect(searches.map((block) => block.input.query)).toEqual(["zebra stripes", "lookup record"]);
    expect(replyText(run)).toEqual([GIVE_UP]);
    expect(run.totals).toMatchObject({ toolsNeeded: 4, toolsFound: 3 });
  });

  it("Anthropic server regex: the turn's pattern first, then a pattern derived from the tool's words", async () => {
    const scenario = await pathsScenario({ searchVariant: "regex" });
    scenario.turns[2] = { ...scenario.turns[2], searchPattern: "zebra.*" };
    const run = runOn(scenario, "anthropic-tool-search");
    const searches = (run.steps.at(-1)!.response.content as Json[]).filter((block) => block.type === "server_tool_use");
    expect(searches.map((block) => block.input.pattern)).toEqual(["zebra.*", deriveRegexFromQuery("lookup record")]);
    // Turn 1 has no pattern: derived from its query.
    const first = (run.steps[0].response.content as Json[]).find((block) => block.type === "server_tool_use");
    expect(first?.input.pattern).toBe(deriveRegexFromQuery("weather"));
    expect(run.steps.at(-1)!.title).toBe('search "zebra.*" (missed)');
  });

  it("Anthropic server regex: an invalid pattern comes back as the provider's error result, not a crash (§1.6)", async () => {
    const scenario = await pathsScenario({ searchVariant: "regex" });
    scenario.turns[2] = { ...scenario.turns[2], searchPattern: "(" };
    const run = runOn(scenario, "anthropic-tool-search");
    const results = (run.steps.at(-1)!.response.content as Json[]).filter(
      (block) => block.type === "tool_search_tool_result",
    );
    expect(results[0].content).toMatchObject({
      type: "tool_search_tool_result_error",
      error_code: "invalid_tool_input",
      error_message: expect.stringMatching(/^Invalid regular expression pattern/),
    });
  });

  it("Anthropic client search: tool_reference blocks for hits, the no-match text when nothing is found", async () => {
    const run = runOn(await pathsScenario({ searchExecution: "client" }), "anthropic-tool-search");
    expect(titles(run).at(-1)).toBe("2:answer:give up");
    const results = anthropicToolResults(run);
    expect(results).toContain(NO_MATCH);
    expect(results).toContainEqual([{ type: "tool_reference", tool_name: "lookup_record_history" }]);
    expect(results).toContainEqual([{ type: "tool_reference", tool_name: "search_files" }]);
  });

  it("Anthropic client search counts the tools found like the server search", async () => {
    const run = runOn(await pathsScenario({ searchExecution: "client" }), "anthropic-tool-search");
    expect(run.totals).toMatchObject({ toolsNeeded: 4, toolsFound: 3 });
  });

  it.each(["anthropic-tool-search", "naive-dynamic", "anthropic-mid-conversation"] as const)(
    "%s: a tool already callable is called natively: its scripted mistake is not made, no client-side retry",
    async (id) => {
      const base = await weather();
      const scenario = { ...base, settings: { ...base.settings, nonDeferredTools: ["get_weather"] } };
      const run = runOn(scenario, id);
      expect(run.steps[0].notes).toEqual([
        "the model sees get_weather's real schema in the request, so the scripted argument mistake is not made",
      ]);
      expect(run.steps.map((step) => step.kind)).not.toContain("retry");
    },
  );

  it("OpenAI hosted search: the hosted-ranking note on every search request, found or not", async () => {
    const run = runOn(await pathsScenario(), "openai-tool-search", "openai-responses");
    const hosted = "hosted search ranking is not documented by OpenAI: emulated with BM25";
    expect(notesOf(run)).toEqual([
      [hosted],
      ['bm25 search for "weather" missed search_files (returned get_weather)', hosted],
      [],
      [],
      [],
      [
        'bm25 search for "zebra stripes" missed lookup_record (returned nothing)',
        'bm25 search for "lookup record" missed lookup_record (returned lookup_record_history)',
        hosted,
      ],
    ]);
    const output = (run.steps.at(-1)!.response.output as Json[]).map((item) => item.type);
    expect(output).toEqual([
      "tool_search_call",
      "tool_search_output",
      "tool_search_call",
      "tool_search_output",
      "message",
    ]);
  });

  it("OpenAI client search: every search's output is appended with its call_id, an empty one for a miss", async () => {
    const run = runOn(await pathsScenario({ searchExecution: "client" }), "openai-tool-search", "openai-responses");
    const input = conversation(run);
    const calls = input.filter((item) => item.type === "tool_search_call");
    const outputs = input.filter((item) => item.type === "tool_search_output");
    expect(calls).toHaveLength(5);
    expect(outputs.map((item) => item.call_id)).toEqual(calls.map((item) => item.call_id));
    expect(outputs.map((item) => item.tools.map((tool: Json) => tool.name))).toEqual([
      ["get_weather"],
      ["get_weather"],
      ["search_files"],
      [],
      ["lookup_record_history"],
    ]);
  });

  it("non-deferred tools are called at once, without a search, under every deferral strategy", async () => {
    const scenario = await pathsScenario({ nonDeferredTools: ["get_weather"] });
    for (const [id, provider] of [
      ["anthropic-tool-search", "anthropic"],
      ["openai-tool-search", "openai-responses"],
      ["anthropic-mid-conversation", "anthropic"],
      ["naive-dynamic", "anthropic"],
    ] as const) {
      const run = runOn(scenario, id, provider);
      expect(run.steps[0].title, id).toBe("call get_weather");
      expect(run.steps[0].kind, id).toBe("call");
    }
    const first = runOn(scenario, "anthropic-tool-search").steps[0].request.body as Json;
    const getWeather = (first.tools as Json[]).find((tool) => tool.name === "get_weather");
    expect(getWeather?.defer_loading).toBeUndefined();
    const midConversation = runOn(scenario, "anthropic-mid-conversation").steps[0].request.body as Json;
    expect(declared(midConversation)[0]).toBe("search_tools");
    expect(
      (midConversation.tools as Json[]).find((tool) => tool.name === "get_weather")?.defer_loading,
    ).toBeUndefined();
    expect((midConversation.tools as Json[]).find((tool) => tool.name === "search_files")?.defer_loading).toBe(true);
    const openai = runOn(scenario, "openai-tool-search", "openai-responses").steps[0].request.body as Json;
    expect((openai.tools as Json[]).find((tool) => tool.name === "get_weather")).toMatchObject({
      type: "function",
      strict: false,
    });
    expect((openai.tools as Json[]).find((tool) => tool.name === "get_weather")).not.toHaveProperty("defer_loading");
  });
});

describe("several hits, derived queries, default answers", () => {
  const lookupTurn: ScenarioTurn = {
    user: "Look up record 7",
    searchQuery: "lookup record",
    needs: [{ tool: "lookup_record", arguments: { id: "7" } }],
  };

  it("everything a search returns is loaded where the provider loads hits; naive-dynamic activates only the need", async () => {
    const scenario = await pathsScenario({ searchResultLimit: 5 }, [lookupTurn]);
    const hits = (kind: "client" | "bm25") => {
      const outcome = engine.searchers(scenario.catalog.tools)[kind].search("lookup record", 5);
      return outcome.ok ? outcome.hits.map((hit) => hit.name).sort() : [];
    };
    // The scenario is only useful if the search returns more than the needed tool.
    expect(hits("client").length).toBeGreaterThan(1);
    expect(hits("bm25").length).toBeGreaterThan(1);
    const kimi = runOn(scenario, "kimi-dynamic", "moonshot");
    const declarations = conversation(kimi).filter((message) => message.role === "system" && message.tools);
    expect(declarations.map((message) => message.tools.map((tool: Json) => tool.function.name).sort())).toEqual([
      hits("client"),
    ]);
    const naive = runOn(scenario, "naive-dynamic");
    expect(declared(naive.steps.at(-1)!.request.body as Json)).toEqual(["search_tools", "lookup_record"]);
    const reply = runOn(scenario, "anthropic-tool-search").steps[0].response.content as Json[];
    const references = reply.find((block) => block.type === "tool_search_tool_result")?.content.tool_references;
    expect((references as Json[]).map((reference: Json) => reference.tool_name).sort()).toEqual(hits("bm25"));
  });

  it("a turn without a query searches with words derived from the user's text; the default answer names the tools", async () => {
    const user = "Please fetch the lookup record with id 7 for me";
    const scenario = await pathsScenario({ searchResultLimit: 5 }, [
      { user, needs: [{ tool: "lookup_record", arguments: { id: "7" } }] },
    ]);
    const run = runOn(scenario, "gateway");
    expect(run.steps[0].title).toBe(`search "${deriveQueryFromUserText(user)}"`);
    expect(replyText(run)).toEqual([`Done: lookup_record for "${user}".`]);
    const long = "x".repeat(100);
    const empty = await pathsScenario({}, [{ user: long, needs: [] }]);
    const answered = runOn(empty, "full");
    expect(titles(answered)).toEqual(["0:answer:answer"]);
    expect(replyText(answered)).toEqual([`Done: answered for "${"x".repeat(80)}".`]);
  });
});

describe("the scripted argument mistake", () => {
  it("where the provider enforces the schema the mistake is not made, and the transcript says why", async () => {
    const run = runOn(await weather(), "full");
    expect(run.steps[0].notes).toEqual([
      "the model sees get_weather's real schema in the request, so the scripted argument mistake is not made",
    ]);
    const call = (run.steps[0].response.content as Json[]).find((block) => block.type === "tool_use");
    expect(call?.input).toEqual({ location: "San Francisco, CA", unit: "fahrenheit" });
  });

  it.each(["stubs", "gateway"] as const)(
    "%s: the client rejects the mistaken arguments, and one retry sends the corrected ones",
    async (id) => {
      const run = runOn(await weather(), id);
      const retry = run.steps.find((step) => step.kind === "retry")!;
      expect(retry.title).toBe("retry get_weather");
      expect(retry.notes).toHaveLength(1);
      expect(retry.notes[0]).toMatch(/^client-side validation rejected the arguments: \{"error":"invalid_arguments"/);
      const calls = run.steps.flatMap((step) =>
        ((step.response.content ?? []) as Json[]).filter(
          (block) => block.type === "tool_use" && block.name !== "search_tools" && block.name !== "load_tool_schemas",
        ),
      );
      const args = calls.map((block) => block.input.arguments); // a stub and invoke_tool both wrap them
      expect(args.slice(0, 2)).toEqual([
        { location: "San Francisco, CA", unit: "kelvin" },
        { location: "San Francisco, CA", unit: "fahrenheit" },
      ]);
      // The rejected result is flagged as an error on the wire; the retry's is not.
      const results = anthropicToolResults(run).filter((content) => String(content).includes("invalid_arguments"));
      expect(results).toHaveLength(1);
      const errorBlocks = conversation(run).flatMap((message) =>
        Array.isArray(message.content)
          ? message.content.filter((block: Json) => block.type === "tool_result" && block.is_error)
          : [],
      );
      expect(errorBlocks).toHaveLength(1);
    },
  );
});

describe("OpenAI namespaces", () => {
  it("a namespace the catalog does not describe is described by its server name", async () => {
    const base = await weather();
    const scenario: Scenario = {
      ...base,
      catalog: {
        ...base.catalog,
        tools: base.catalog.tools.map((tool) => ({ ...tool, namespace: "atlas" })),
        namespaces: undefined,
      },
      settings: { ...base.settings, useNamespaces: true },
    };
    const run = runOn(scenario, "openai-tool-search", "openai-responses");
    const namespace = ((run.steps[0].request.body as Json).tools as Json[]).find((tool) => tool.type === "namespace");
    expect(namespace).toMatchObject({ name: "atlas", description: "Tools of the atlas server" });
    // Every tool of the server is a deferred member of its namespace.
    expect(namespace?.tools.map((tool: Json) => tool.name)).toEqual(base.catalog.tools.map((tool) => tool.name));
    expect(run.goals.noToolsUpFront).toBe(true);
  });
});

describe("the search a strategy runs (discovery.ts)", () => {
  const need = { tool: "lookup_record", arguments: {} };
  const fixed = (id: ToolSearcher["id"], outcome: SearchOutcome): ToolSearcher => ({
    id,
    label: id,
    search: () => outcome,
  });
  const found = (...names: string[]): SearchOutcome => ({
    ok: true,
    hits: names.map((name) => ({ name, score: 1, matches: [] })),
  });
  const session = {
    searchers: {
      bm25: fixed("anthropic-bm25", found("from_bm25")),
      regex: fixed("anthropic-regex", found("from_regex")),
      client: fixed("client", found("from_client", "lookup_record")),
    },
    context: { settings: { searchResultLimit: 5 } },
  } as unknown as ConversationSession;

  it("each kind of search asks its own searcher", () => {
    expect(runSearch(session, "bm25", "q", need).names).toEqual(["from_bm25"]);
    expect(runSearch(session, "regex", "q", need).names).toEqual(["from_regex"]);
    expect(runSearch(session, "client", "q", need)).toMatchObject({
      names: ["from_client", "lookup_record"],
      found: true,
    });
  });

  it("a failed search finds nothing and its note quotes the provider's error (PROTOCOLS §1.6)", () => {
    const failing = {
      ...session,
      searchers: {
        ...session.searchers,
        regex: fixed("anthropic-regex", { ok: false, errorCode: "invalid_tool_input", errorMessage: "bad pattern" }),
      },
    } as unknown as ConversationSession;
    const attempt = runSearch(failing, "regex", "(", need);
    expect(attempt).toMatchObject({ names: [], found: false });
    expect(missNote(attempt, need, "regex")).toBe("search error invalid_tool_input: bad pattern");
  });

  it("a miss note lists every tool the search returned", () => {
    const attempt = runSearch(session, "bm25", "records", { tool: "other", arguments: {} });
    expect(missNote({ ...attempt, names: ["a_tool", "b_tool"] }, need, "bm25")).toBe(
      'bm25 search for "records" missed lookup_record (returned a_tool, b_tool)',
    );
  });

  it("the rephrased query is the tool's name in words: snake, kebab, dotted, namespaced and camel case", () => {
    const context = { turn: { user: "", needs: [] }, turnIndex: 0, scenario: {} } as never;
    const words = (tool: string) => searchInput(context, { tool, arguments: {} }, 1, "client");
    expect(words("lookup_record")).toBe("lookup record");
    expect(words("mcp__github__create-issue")).toBe("mcp github create issue");
    expect(words("files.read:v2")).toBe("files read v2");
    expect(words("fetchUserRecord")).toBe("fetch user record");
    expect(words("getHTTPStatus")).toBe("get httpstatus");
  });

  it("the default answer names every tool of the turn", () => {
    const context = {
      turn: { user: "Weather and notes", needs: [{ tool: "get_weather" }, { tool: "search_files" }] },
    } as never;
    expect(answerText(context)).toBe('Done: get_weather, search_files for "Weather and notes".');
  });
});
