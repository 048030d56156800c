/**
 * What each strategy declares about itself, pinned from the documented rules rather than copied from the records:
 * the providers whose wire format can carry it (PROTOCOLS.md), its role and the decide facts (docs/DESIGN.md,
 * lib/strategies/types.ts), the words of its Learn card (PRODUCT.md's strategy table), and its chart label and
 * colour (types.ts: about 15 characters; every strategy distinguishable). Where a fact is observable in a run
 * (round trips per discovery, whether `tools` changes, whether the prefix grows with the catalog) it is checked
 * against the engine's own requests, so a record that says one thing while the run does another fails.
 */
import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { getModel, type ModelInfo } from "../models";
import { DEFAULT_SETTINGS } from "../scenario/default-settings";
import type { Scenario, ScenarioSettings } from "../scenario/types";
import type { ProviderId, StrategyId } from "../core/ids";
import { PROVIDER_IDS, STRATEGY_IDS } from "../core/ids";
import { STRATEGIES, baselineStrategyId, strategyDefinition } from "./definitions";
import { MID_CONVERSATION_TOOL_CHANGES_BETA } from "./anthropic-mid-conversation";

type Json = Record<string, any>;

const ALL_PROVIDERS = PROVIDER_IDS;
/** The provider each strategy is run on below: its own where it has one, Anthropic (the default) otherwise. */
const HOME: Record<StrategyId, ProviderId> = {
  full: "anthropic",
  "naive-dynamic": "anthropic",
  "anthropic-tool-search": "anthropic",
  "openai-tool-search": "openai-responses",
  stubs: "anthropic",
  gateway: "anthropic",
  "kimi-dynamic": "moonshot",
  "anthropic-mid-conversation": "anthropic",
  "cli-help": "anthropic",
  prefilter: "anthropic",
  "text-protocol": "anthropic",
  subagent: "anthropic",
};
const HOME_MODEL: Record<ProviderId, string> = {
  anthropic: "claude-opus-4-8",
  "openai-responses": "gpt-5.4",
  "openai-chat": "gpt-5.4",
  moonshot: "kimi-k3",
  gemini: "gemini-2.5-flash",
  deepseek: "deepseek-v4-flash",
  qwen: "qwen-plus",
  glm: "glm-5.3",
};

const engine = createEngine();
let weatherLoaded: Promise<Scenario> | undefined;
const weather = () => (weatherLoaded ??= loadExample("weather"));

function run(scenario: Scenario, id: StrategyId, settings: Partial<ScenarioSettings> = {}) {
  const provider = HOME[id];
  const model = HOME_MODEL[provider];
  return engine.runStrategy({ ...scenario, settings: { ...scenario.settings, provider, model, ...settings } }, id, {
    provider,
    model,
  });
}

function model(provider: ProviderId, id: string): ModelInfo {
  const found = getModel(provider, id);
  if (!found) throw new Error(`no model ${provider}:${id}`);
  return found;
}

describe("the strategy records", () => {
  it("are keyed by their own id, one per strategy id, and the baseline is the one that registers everything", () => {
    expect(Object.keys(STRATEGIES).sort()).toEqual([...STRATEGY_IDS].sort());
    for (const id of STRATEGY_IDS) {
      expect(STRATEGIES[id].id).toBe(id);
      expect(strategyDefinition(id)).toBe(STRATEGIES[id]);
    }
    expect(baselineStrategyId()).toBe("full");
  });

  it("name the providers whose wire format can carry them (PROTOCOLS.md §1–§4)", () => {
    const providers = Object.fromEntries(STRATEGY_IDS.map((id) => [id, [...STRATEGIES[id].providers].sort()]));
    expect(providers).toEqual({
      full: [...ALL_PROVIDERS].sort(),
      "naive-dynamic": [...ALL_PROVIDERS].sort(),
      stubs: [...ALL_PROVIDERS].sort(),
      gateway: [...ALL_PROVIDERS].sort(),
      // Plain functions, text and a second conversation: every wire format carries them.
      "cli-help": [...ALL_PROVIDERS].sort(),
      prefilter: [...ALL_PROVIDERS].sort(),
      "text-protocol": [...ALL_PROVIDERS].sort(),
      subagent: [...ALL_PROVIDERS].sort(),
      // Tool Search Tool and defer_loading: Messages API (§1); tool_search: Responses API only (§2); tool
      // declarations inside messages: a Moonshot extension (§3); tool_addition: Messages API beta (§4).
      "anthropic-tool-search": ["anthropic"],
      "openai-tool-search": ["openai-responses"],
      "kimi-dynamic": ["moonshot"],
      "anthropic-mid-conversation": ["anthropic"],
    });
  });

  it("offer a provider-run search only where the provider runs one: Anthropic's two tool types, OpenAI's one", () => {
    expect(STRATEGIES["anthropic-tool-search"].providerSearch?.serverVariants).toEqual(["bm25", "regex"]);
    expect(STRATEGIES["openai-tool-search"].providerSearch?.serverVariants).toEqual([]);
    for (const id of STRATEGY_IDS.filter((id) => !id.endsWith("tool-search")))
      expect(STRATEGIES[id].providerSearch, id).toBeUndefined();
  });

  it("supports: a provider that cannot carry the strategy, or a model without the capability, is refused with why", () => {
    const opus = model("anthropic", "claude-opus-4-8");
    const gpt = model("openai-responses", "gpt-5.4");
    const kimi = model("moonshot", "kimi-k3");
    const without = (info: ModelInfo, capability: keyof ModelInfo["capabilities"]): ModelInfo => ({
      ...info,
      label: "Model X",
      capabilities: { ...info.capabilities, [capability]: false },
    });
    const reason = (id: StrategyId, provider: ProviderId, info: ModelInfo) => {
      const support = STRATEGIES[id].supports(provider, info, DEFAULT_SETTINGS);
      return support.ok ? "ok" : support.reason;
    };
    for (const id of [
      "full",
      "naive-dynamic",
      "stubs",
      "gateway",
      "cli-help",
      "prefilter",
      "text-protocol",
      "subagent",
    ] as const)
      for (const provider of ALL_PROVIDERS) expect(reason(id, provider, opus), `${id} on ${provider}`).toBe("ok");

    expect(reason("anthropic-tool-search", "anthropic", opus)).toBe("ok");
    expect(reason("anthropic-tool-search", "openai-chat", gpt)).toBe(
      "The Tool Search Tool and defer_loading are part of the Anthropic Messages API.",
    );
    expect(reason("anthropic-tool-search", "anthropic", without(opus, "anthropicToolSearch"))).toBe(
      "Model X does not support tool search (Opus 4.1 and earlier do not).",
    );

    expect(reason("openai-tool-search", "openai-responses", gpt)).toBe("ok");
    expect(reason("openai-tool-search", "openai-chat", gpt)).toBe(
      "tool_search exists only in the OpenAI Responses API.",
    );
    expect(reason("openai-tool-search", "openai-responses", without(gpt, "openaiToolSearch"))).toBe(
      "Model X does not support tool_search (gpt-5.4 and later).",
    );

    expect(reason("kimi-dynamic", "moonshot", kimi)).toBe("ok");
    expect(reason("kimi-dynamic", "openai-chat", gpt)).toBe(
      "Tool declarations inside messages are a Moonshot Kimi K3 extension of Chat Completions.",
    );
    expect(reason("kimi-dynamic", "moonshot", model("moonshot", "kimi-k2.5"))).toBe(
      "Kimi K2.5 does not support dynamic tool loading (Kimi K3 only).",
    );

    expect(reason("anthropic-mid-conversation", "anthropic", opus)).toBe("ok");
    expect(reason("anthropic-mid-conversation", "moonshot", kimi)).toBe(
      "tool_addition blocks exist only in the Anthropic Messages API (beta).",
    );
    expect(reason("anthropic-mid-conversation", "anthropic", model("anthropic", "claude-sonnet-4-6"))).toBe(
      "Claude Sonnet 4.6 does not support mid-conversation tool changes (Opus 4.8, Opus 5, Fable 5, Mythos 5).",
    );
  });

  it("goals: OpenAI tool search holds no tools up front only when namespaces hide the deferred functions (§2.1)", () => {
    const goals = STRATEGIES["openai-tool-search"].goals;
    expect(goals({ ...DEFAULT_SETTINGS, useNamespaces: true })).toEqual({
      noToolsUpFront: true,
      stableToolList: true,
      nativeStrictSchema: true,
    });
    expect(goals({ ...DEFAULT_SETTINGS, useNamespaces: false }).noToolsUpFront).toBe(false);
  });

  it("betas: only mid-conversation tool changes sends a beta header, and it is the documented one (§4.2)", () => {
    for (const id of STRATEGY_IDS) {
      const betas = STRATEGIES[id].betas?.(DEFAULT_SETTINGS);
      if (id === "anthropic-mid-conversation") expect(betas).toEqual(["mid-conversation-tool-changes-2026-07-01"]);
      else expect(betas, id).toBeUndefined();
    }
    expect(MID_CONVERSATION_TOOL_CHANGES_BETA).toBe("mid-conversation-tool-changes-2026-07-01");
  });

  it("client side: how a live run's search result and calls reach the model (client-side.ts)", () => {
    const client = Object.fromEntries(
      STRATEGY_IDS.map((id) => [
        id,
        `${STRATEGIES[id].client.searchResult}/${STRATEGIES[id].client.calls}/${Boolean(STRATEGIES[id].client.makeCallable)}`,
      ]),
    );
    expect(client).toEqual({
      full: "text/native/false",
      // Edits `tools` (makeCallable returns a new list).
      "naive-dynamic": "text/native/true",
      // tool_reference blocks in the tool_result (§1.5), expanded by the provider.
      "anthropic-tool-search": "tool-reference/native/false",
      "openai-tool-search": "text/native/false",
      // A stub takes a loose `arguments` object that the client validates.
      stubs: "text/wrapped/false",
      gateway: "text/native/false",
      // An appended declaration (§3.1) and an appended tool_addition (§4.2).
      "kimi-dynamic": "text/native/true",
      "anthropic-mid-conversation": "text/native/true",
      // The command line is parsed and validated by the client; so are calls written as text.
      "cli-help": "text/wrapped/false",
      prefilter: "text/native/false",
      "text-protocol": "text/wrapped/false",
      subagent: "text/native/false",
    });
  });

  it("makeCallable: Kimi declares, mid-conversation adds, naive-dynamic rewrites tools in catalog order", async () => {
    const scenario = await weather();
    const [getWeather, searchFiles] = scenario.catalog.tools;
    expect(STRATEGIES["kimi-dynamic"].client.makeCallable?.(["search_files"], {} as never)).toEqual({
      append: [{ role: "added-tools", toolNames: ["search_files"] }],
    });
    expect(STRATEGIES["anthropic-mid-conversation"].client.makeCallable?.(["get_weather"], {} as never)).toEqual({
      append: [{ role: "added-tools", toolNames: ["get_weather"] }],
    });
    const made = STRATEGIES["naive-dynamic"].client.makeCallable?.(["get_weather"], {
      catalogTools: scenario.catalog.tools,
      tools: [
        { type: "helper", tool: { name: "search_tools", description: "", inputSchema: {} } },
        { type: "catalog", tool: searchFiles, deferred: false },
      ],
    } as never);
    expect(made?.note).toBe("get_weather added to tools: the request prefix changes");
    expect(
      made?.tools?.map((entry) => (entry.type === "helper" || entry.type === "catalog" ? entry.tool.name : "")),
    ).toEqual(["search_tools", getWeather.name, searchFiles.name]);
    // A live reply that finds two tools at once names both.
    const both = STRATEGIES["naive-dynamic"].client.makeCallable?.(["search_files", "get_weather"], {
      catalogTools: scenario.catalog.tools,
      tools: [{ type: "helper", tool: { name: "search_tools", description: "", inputSchema: {} } }],
    } as never);
    expect(both?.note).toBe("search_files, get_weather added to tools: the request prefix changes");
    expect(both?.tools).toHaveLength(3);
  });

  it("goals: each client-side strategy gives up one of seed 001's three goals, stubs two, provider mechanisms none (PRODUCT.md)", () => {
    const verdicts = Object.fromEntries(STRATEGY_IDS.map((id) => [id, STRATEGIES[id].goals(DEFAULT_SETTINGS)]));
    const all = { noToolsUpFront: true, stableToolList: true, nativeStrictSchema: true };
    expect(verdicts).toEqual({
      full: { ...all, noToolsUpFront: false },
      "naive-dynamic": { ...all, stableToolList: false },
      stubs: { ...all, noToolsUpFront: false, nativeStrictSchema: false },
      gateway: { ...all, nativeStrictSchema: false },
      "anthropic-tool-search": all,
      // With namespaces (the default) only their names and descriptions are up front (§2.1).
      "openai-tool-search": all,
      "kimi-dynamic": all,
      "anthropic-mid-conversation": all,
      "cli-help": { ...all, nativeStrictSchema: false },
      // `tools` follows each turn's selection unless the append-only order is chosen.
      prefilter: { ...all, stableToolList: false },
      "text-protocol": { ...all, noToolsUpFront: false, nativeStrictSchema: false },
      subagent: all,
    });
    expect(STRATEGIES.prefilter.goals({ ...DEFAULT_SETTINGS, prefilterOrder: "append-only" }).stableToolList).toBe(
      true,
    );
  });
});

describe("the decide facts", () => {
  it("roles: full is the baseline, naive-dynamic the anti-pattern (PRODUCT.md), every other one progressive", () => {
    const roles = Object.fromEntries(STRATEGY_IDS.map((id) => [id, STRATEGIES[id].decide.role]));
    expect(roles).toEqual({
      full: "baseline",
      "naive-dynamic": "anti-pattern",
      "anthropic-tool-search": "progressive",
      "openai-tool-search": "progressive",
      stubs: "progressive",
      gateway: "progressive",
      "kimi-dynamic": "progressive",
      "anthropic-mid-conversation": "progressive",
      "cli-help": "progressive",
      prefilter: "progressive",
      "text-protocol": "progressive",
      subagent: "progressive",
    });
  });

  it("nativeOn: each provider mechanism on its own provider; Anthropic's GA tool search ranks before the beta", () => {
    const native = Object.fromEntries(
      STRATEGY_IDS.flatMap((id) => {
        const on = STRATEGIES[id].decide.nativeOn;
        return on ? [[id, `${on.providers.join(",")}#${on.rank}`]] : [];
      }),
    );
    expect(native).toEqual({
      "anthropic-tool-search": "anthropic#0",
      "anthropic-mid-conversation": "anthropic#1",
      "openai-tool-search": "openai-responses#0",
      "kimi-dynamic": "moonshot#0",
    });
  });

  it("loadsAllHits: the strategies where the provider loads every hit (DESIGN.md 'Everything found is loaded')", () => {
    const loadsAll = STRATEGY_IDS.filter((id) => STRATEGIES[id].decide.loadsAllHits).sort();
    expect(loadsAll).toEqual(
      ["anthropic-mid-conversation", "anthropic-tool-search", "kimi-dynamic", "openai-tool-search", "prefilter"].sort(),
    );
  });

  it.each(["server", "client"] as const)(
    "discoveryRoundTrips (%s search) equals the extra requests a new tool costs in a run",
    async (searchExecution) => {
      // The weather example's second turn needs one new tool and scripts no mistake: a strategy that needs no
      // round trip calls it in the turn's first request, then answers.
      const scenario = await weather();
      for (const id of STRATEGY_IDS) {
        const result = run(scenario, id, { searchExecution });
        const secondTurn = result.steps.filter((step) => step.turn === 1);
        const declared = STRATEGIES[id].decide.discoveryRoundTrips({ searchExecution });
        expect(secondTurn.length - 2, `${id}: ${secondTurn.map((step) => step.kind).join(", ")}`).toBe(declared);
      }
    },
  );

  it("invalidatesOnDiscovery: exactly the strategies whose runs change `tools` between requests", async () => {
    const scenario = await weather();
    for (const id of STRATEGY_IDS) {
      const steps = run(scenario, id).steps;
      // Within one conversation: a sub-agent's tools differ from the main conversation's without changing.
      const toolLists = new Set(
        steps.filter((step) => !step.lane).map((step) => JSON.stringify((step.request.body as Json).tools ?? [])),
      );
      expect(toolLists.size > 1, id).toBe(STRATEGIES[id].decide.invalidatesOnDiscovery);
    }
  });

  it("prefixGrowsWithCatalog: exactly the strategies whose first request grows when the catalog does", async () => {
    const scenario = await weather();
    const extra = [1, 2, 3].map((index) => ({
      name: `convert_units_${index}`,
      description: `Convert a measured quantity between metric and imperial units, variant ${index}`,
      inputSchema: { type: "object", properties: { value: { type: "number" }, unit: { type: "string" } } },
    }));
    const bigger: Scenario = {
      ...scenario,
      catalog: { ...scenario.catalog, tools: [...scenario.catalog.tools, ...extra] },
    };
    // The first request of each conversation lane: a prefilter's stub list and a sub-agent's tools count too.
    const firstOfEachLane = (steps: readonly { lane?: string; tokens: { input: number } }[]) =>
      [...new Map(steps.map((step) => [step.lane ?? "", step.tokens.input] as const)).entries()].map(
        ([lane]) => steps.find((step) => (step.lane ?? "") === lane)?.tokens.input ?? 0,
      );
    for (const id of STRATEGY_IDS) {
      const small = firstOfEachLane(run(scenario, id).steps);
      const large = firstOfEachLane(run(bigger, id).steps);
      const grows = large.some((tokens, index) => tokens > (small[index] ?? 0));
      expect(grows, `${id}: ${small} → ${large} input tokens`).toBe(STRATEGIES[id].decide.prefixGrowsWithCatalog);
    }
  });
});

describe("the words and colours the views show", () => {
  const definitions = STRATEGY_IDS.map((id) => STRATEGIES[id]);

  it("titles and chart names are present and distinct; chart names fit a legend (about 15 characters)", () => {
    const titles = definitions.map((definition) => definition.title);
    const shortNames = definitions.map((definition) => definition.shortName);
    expect(new Set(titles).size).toBe(STRATEGY_IDS.length);
    expect(new Set(shortNames).size).toBe(STRATEGY_IDS.length);
    for (const definition of definitions) {
      expect(definition.title.length, definition.id).toBeGreaterThan(5);
      expect(definition.shortName.length, definition.id).toBeGreaterThan(4);
      expect(definition.shortName.length, definition.id).toBeLessThanOrEqual(16);
    }
  });

  it("titles say which strategy of PRODUCT.md's table they are", () => {
    const words: Record<StrategyId, RegExp> = {
      full: /everything/i,
      "naive-dynamic": /anti-pattern/,
      "anthropic-tool-search": /^Anthropic Tool Search Tool$/,
      "openai-tool-search": /tool_search/,
      stubs: /load_tool_schemas/,
      gateway: /search_tools \+ invoke_tool/,
      "kimi-dynamic": /^Kimi dynamic tool loading$/,
      "anthropic-mid-conversation": /mid-conversation tool changes/,
      "cli-help": /--help/,
      prefilter: /prefilter/i,
      "text-protocol": /text protocol/,
      subagent: /Sub-agent/,
    };
    for (const id of STRATEGY_IDS) expect(STRATEGIES[id].title, id).toMatch(words[id]);
    const short: Record<StrategyId, RegExp> = {
      full: /everything/i,
      "naive-dynamic": /edit tools/i,
      "anthropic-tool-search": /anthropic/i,
      "openai-tool-search": /openai/i,
      stubs: /stubs/i,
      gateway: /gateway/i,
      "kimi-dynamic": /kimi/i,
      "anthropic-mid-conversation": /mid-conversation/i,
      "cli-help": /cli/i,
      prefilter: /prefilter/i,
      "text-protocol": /text/i,
      subagent: /sub-agent/i,
    };
    for (const id of STRATEGY_IDS) expect(STRATEGIES[id].shortName, id).toMatch(short[id]);
  });

  it("each Learn card names what goes on the wire and where a found schema goes (PRODUCT.md's columns)", () => {
    const sends: Record<StrategyId, RegExp> = {
      full: /full definition of every tool/,
      "naive-dynamic": /`search_tools` plus only the tools activated/,
      "anthropic-tool-search": /`defer_loading: true`/,
      "openai-tool-search": /`\{type: "tool_search"\}` plus deferred functions/,
      stubs: /one-line stub of every tool.*`load_tool_schemas`/,
      gateway: /`search_tools` and `invoke_tool`/,
      "kimi-dynamic": /^`search_tools` only at the top level\.$/,
      "anthropic-mid-conversation": /deferred, plus a non-deferred `search_tools`/,
      "cli-help": /^One constant tool, `run`/,
      prefilter: /cheaper model of the same provider.*declares only those in `tools`/,
      "text-protocol": /^No `tools` at all/,
      subagent: /one `delegate` tool; a sub-agent conversation declares every tool/,
    };
    const schemaGoesTo: Record<StrategyId, RegExp> = {
      full: /nothing has to be found/,
      "naive-dynamic": /top-level `tools` array/,
      "anthropic-tool-search": /`tool_reference` blocks, expanded inline/,
      "openai-tool-search": /`tool_search_output` items appended at the end/,
      stubs: /`tool_result` text at the tail/,
      gateway: /tool results at the tail/,
      "kimi-dynamic": /appended `\{role: "system", tools: \[…\]\}` message without `content`/,
      "anthropic-mid-conversation": /`tool_addition` blocks in an appended `role: "system"` message/,
      "cli-help": /`<tool> --help` prints the options/,
      prefilter: /selected tools' full definitions in `tools`/,
      "text-protocol": /^The system prompt/,
      subagent: /^The sub-agent's `tools`/,
    };
    const prefixEffect: Record<StrategyId, RegExp> = {
      full: /^Stable prefix\.$/,
      "naive-dynamic": /^Whole cache invalidated on every change/,
      "anthropic-tool-search": /^Stable: deferred tools are outside the cached prefix\.$/,
      "openai-tool-search": /^Stable: loaded tools go to the end/,
      stubs: /^Stable prefix\.$/,
      gateway: /^Stable prefix\.$/,
      "kimi-dynamic": /^Stable if append-only/,
      "anthropic-mid-conversation": /^Stable: `tools` never changes/,
      "cli-help": /^Stable prefix\.$/,
      prefilter: /^`tools` changes whenever the selection changes/,
      "text-protocol": /^Stable prefix\.$/,
      subagent: /^Both prefixes stable/,
    };
    const costs: Record<StrategyId, RegExp> = {
      full: /^O\(N\) tool tokens on every request/,
      "naive-dynamic": /every discovery rewrites the whole prompt/,
      "anthropic-tool-search": /^Deferred definitions cost nothing until found/,
      "openai-tool-search": /still show their name and description up front/,
      stubs: /^O\(N\) stub tokens.*one extra round trip per new tool/,
      gateway: /^O\(1\) tool tokens; one extra round trip per new tool/,
      "kimi-dynamic": /^O\(1\) up front/,
      "anthropic-mid-conversation": /^Deferred tools cost nothing until added/,
      "cli-help": /^O\(1\) tool tokens; two extra round trips per new tool/,
      prefilter: /small model's request each turn/,
      "text-protocol": /no schema-constrained decoding/,
      subagent: /^Two conversations, each with its own cache/,
    };
    for (const id of STRATEGY_IDS) {
      const explanation = STRATEGIES[id].explanation;
      expect(explanation.sends, id).toMatch(sends[id]);
      expect(explanation.schemaGoesTo, id).toMatch(schemaGoesTo[id]);
      expect(explanation.prefixEffect, id).toMatch(prefixEffect[id]);
      expect(explanation.costs, id).toMatch(costs[id]);
    }
  });

  // lib/view/strategy-colors.ts: "Tableau-10-derived hues", "the anti-pattern red on purpose", and dash patterns
  // "so lines stay apart for colour-blind viewers and in greyscale".
  const TABLEAU_10 = [
    "#4e79a7",
    "#f28e2b",
    "#e15759",
    "#76b7b2",
    "#59a14f",
    "#edc948",
    "#b07aa1",
    "#ff9da7",
    "#9c755f",
    "#bab0ac",
  ];
  const rgb = (hex: string) => [1, 3, 5].map((index) => parseInt(hex.slice(index, index + 2), 16));
  const distance = (a: string, b: string) => Math.hypot(...rgb(a).map((value, index) => value - rgb(b)[index]));

  it("colours: a distinct #rrggbb fallback each, at or near a Tableau 10 hue; the anti-pattern is Tableau's red", () => {
    const fallbacks = definitions.map((definition) => definition.colour.fallback);
    for (const fallback of fallbacks) {
      expect(fallback).toMatch(/^#[0-9a-f]{6}$/);
      expect(Math.min(...TABLEAU_10.map((hue) => distance(fallback, hue))), fallback).toBeLessThan(70);
    }
    expect(new Set(fallbacks).size).toBe(STRATEGY_IDS.length);
    expect(STRATEGIES["naive-dynamic"].colour.fallback).toBe("#e15759");
    const [red, green, blue] = rgb(STRATEGIES["naive-dynamic"].colour.fallback);
    expect(red).toBeGreaterThan(green + 100);
    expect(red).toBeGreaterThan(blue + 100);
  });

  it("dashes: SVG dash arrays, all different, and at most three solid lines (told apart in greyscale)", () => {
    const dashes = definitions.flatMap((definition) => (definition.colour.dash ? [definition.colour.dash] : []));
    for (const dash of dashes) expect(dash).toMatch(/^\d+( \d+)+$/);
    expect(new Set(dashes).size).toBe(dashes.length);
    expect(STRATEGY_IDS.length - dashes.length).toBeLessThanOrEqual(3);
    // The baseline is the plain line the others are compared with.
    expect(STRATEGIES.full.colour.dash).toBeUndefined();
  });
});
