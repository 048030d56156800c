import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { type Scenario } from "../scenario/types";
import { PROVIDER_IDS, STRATEGY_IDS } from "../core/ids";
import { parseCatalogText } from "../catalog";
import { utf8ByteLength } from "../core/utf8";
import { INITIAL_ENGINE_STATE, type EngineDependencies } from "./engine-state";
import { handleEngineMessage } from "./engine-handler";
import type { EngineRequest } from "./engine-messages";
import { syntheticScenario } from "../examples/synthetic-scenario";
import { SHOWN_TOOL_LISTS, leftOutNote, stepDetail, summariseStep, withRequestBody } from "./summarise-run";

/** The shipped limits with the whole-request bound lowered so that github-mcp's 117 tools are shortened. */
const SHORTEN_GITHUB = { ...SHOWN_TOOL_LISTS, wholeUpTo: 100 };

/** Every `tools` array of a JSON value, in document order, at any depth. */
function toolLists(value: unknown, found: unknown[][] = []): unknown[][] {
  if (Array.isArray(value)) value.forEach((item) => toolLists(item, found));
  else if (typeof value === "object" && value !== null)
    for (const [key, inner] of Object.entries(value)) {
      if (key === "tools" && Array.isArray(inner)) found.push(inner);
      toolLists(inner, found);
    }
  return found;
}

describe("a shown step detail with its long tool lists shortened", () => {
  it("keeps the first definitions and a note of each long list, and states the whole text's exact size", async () => {
    // github-mcp: 117 tools (above SHORTEN_GITHUB.wholeUpTo), one list above `longerThan` (the Responses namespace's
    // members on OpenAI).
    const scenario = await loadExample("github-mcp");
    const engine = createEngine();
    let shortenedSteps = 0;
    for (const provider of PROVIDER_IDS)
      for (const run of engine.runAll(scenario, STRATEGY_IDS, { provider }))
        for (let index = 0; index < run.steps.length; index += 1) {
          const whole = stepDetail(run, index, { previousRequestJson: false, requestBody: false })!;
          const shown = stepDetail(run, index, {
            previousRequestJson: false,
            requestBody: false,
            shortenToolLists: SHORTEN_GITHUB,
          })!;
          const wholeLists = toolLists(JSON.parse(whole.requestJson));
          const longLists = wholeLists.filter((list) => list.length > SHOWN_TOOL_LISTS.longerThan);
          const summary = summariseStep(run.steps[index], SHORTEN_GITHUB);
          if (longLists.length === 0) {
            expect(shown).toEqual(whole);
            expect(summary.shownRequestBytes).toBeUndefined();
            continue;
          }
          shortenedSteps += 1;
          const shownBody = JSON.parse(shown.requestJson) as unknown;
          // The summary's size of the shown request is the compact text of what the view shows.
          expect(summary.shownRequestBytes).toBe(JSON.stringify(shownBody).length);
          expect(summary.requestBytes).toBe(JSON.stringify(JSON.parse(whole.requestJson)).length);
          const shownLists = toolLists(shownBody).filter((list) => typeof list.at(-1) === "string");
          expect(shownLists).toHaveLength(longLists.length);
          shownLists.forEach((list, listIndex) => {
            const original = longLists[listIndex];
            expect(list.slice(0, -1)).toEqual(original.slice(0, SHOWN_TOOL_LISTS.keep));
            expect(list.at(-1)).toBe(leftOutNote(original.length - SHOWN_TOOL_LISTS.keep));
          });
          expect(shown.requestJsonShortened).toEqual({
            toolsLeftOut: longLists.reduce((sum, list) => sum + list.length - SHOWN_TOOL_LISTS.keep, 0),
            bytes: utf8ByteLength(whole.requestJson),
          });
          expect(shown.requestJson.length).toBeLessThan(whole.requestJson.length);
          // Everything but the text is the whole detail's.
          const { requestJson: _shownText, requestJsonShortened: _facts, ...shownRest } = shown;
          const { requestJson: _wholeText, ...wholeRest } = whole;
          expect(shownRest).toEqual(wholeRest);
        }
    expect(shortenedSteps).toBeGreaterThan(10);
  });

  it("measures the whole text exactly with non-ASCII text and nested lists", () => {
    const tool = (index: number) => ({
      name: `tool_${index}`,
      description: `Räksmörgås ${"✓".repeat(index % 3)} 🚀`,
      input_schema: { type: "object", properties: { q: { type: "string", enum: ["a", "b"] } } },
    });
    const body = {
      model: "m",
      tools: [
        { type: "namespace", name: "one", tools: Array.from({ length: 75 }, (_, index) => tool(index)) },
        ...Array.from({ length: 60 }, (_, index) => tool(index + 100)),
      ],
      messages: [{ role: "user", content: "hi" }],
    };
    const run = {
      id: "full",
      steps: [
        { request: { method: "POST", url: "u", headers: {}, body }, response: {}, segments: [], segmentStatus: [] },
      ],
    } as unknown as Parameters<typeof stepDetail>[0];
    // 136 definitions in all: the namespace's 75 members, and the outer list's 60 tools and the namespace itself.
    expect(stepDetail(run, 0, { shortenToolLists: { ...SHOWN_TOOL_LISTS, wholeUpTo: 136 } })).toEqual(
      stepDetail(run, 0),
    );
    const shown = stepDetail(run, 0, { shortenToolLists: { ...SHOWN_TOOL_LISTS, wholeUpTo: 135 } })!;
    // The summary's shown size agrees, nested list included; whole, it has none.
    expect(summariseStep(run.steps[0], { ...SHOWN_TOOL_LISTS, wholeUpTo: 135 }).shownRequestBytes).toBe(
      JSON.stringify(JSON.parse(shown.requestJson)).length,
    );
    expect(summariseStep(run.steps[0], { ...SHOWN_TOOL_LISTS, wholeUpTo: 136 })).not.toHaveProperty(
      "shownRequestBytes",
    );
    expect(shown.requestJsonShortened).toEqual({
      toolsLeftOut: 75 - SHOWN_TOOL_LISTS.keep + 61 - SHOWN_TOOL_LISTS.keep,
      bytes: utf8ByteLength(JSON.stringify(body, null, 2)),
    });
  });

  it("keeps a shortened detail's body left out: its text is not the request", async () => {
    const scenario = await loadExample("github-mcp");
    const [run] = createEngine().runAll(scenario, ["full"], { provider: "anthropic" });
    const shown = withRequestBody(
      stepDetail(run, 0, { previousRequestJson: false, requestBody: false, shortenToolLists: SHORTEN_GITHUB })!,
    );
    expect(shown.requestJsonShortened).toBeDefined();
    expect(shown.requestBodyOmitted).toBe(true);
    expect("body" in shown.request).toBe(false);
    const whole = withRequestBody(stepDetail(run, 0, { previousRequestJson: false, requestBody: false })!);
    expect(whole.request.body).toEqual(run.steps[0].request.body);
  });
});

describe("the engine worker's step details", () => {
  async function workerWith(catalogSize: "github-mcp" | number) {
    const engine = createEngine();
    let clock = 0;
    const dependencies: EngineDependencies = {
      runAll: (scenario, ids, options) => engine.runAll(scenario, ids, options),
      loadExample,
      parseCatalogText: (text, options) => parseCatalogText(text, options),
      countTokens: (text) => text.length,
      now: () => (clock += 1_000),
    };
    let state = INITIAL_ENGINE_STATE;
    const send = async (message: EngineRequest) => {
      const handled = await handleEngineMessage(state, message, dependencies);
      state = handled.state;
      return handled.response;
    };
    let whole: Scenario;
    if (catalogSize === "github-mcp") {
      const loaded = await send({ kind: "load-example", requestId: 1, catalogVersion: 1, exampleId: "github-mcp" });
      if (loaded.kind !== "example-loaded") throw new Error(loaded.kind);
      whole = loaded.scenario;
    } else {
      whole = syntheticScenario({
        count: catalogSize,
        targetTokensPerTool: 40,
        turns: 1,
        countTokens: (text) => text.length,
      });
      await send({ kind: "set-catalog", requestId: 1, catalogVersion: 1, catalog: whole.catalog });
    }
    const { catalog: _catalog, ...scenario } = whole;
    void _catalog;
    await send({
      kind: "run",
      requestId: 2,
      catalogVersion: 1,
      scenario,
      strategyIds: ["full"],
      provider: "anthropic",
    });
    const asked = async (purpose?: "export" | "compare" | "ahead") => {
      const answer = await send({
        kind: "step-detail",
        requestId: 3,
        runRequestId: 2,
        strategyId: "full",
        stepIndex: 0,
        ...(purpose ? { purpose } : {}),
      });
      if (answer.kind !== "step-detail") throw new Error(answer.kind);
      return answer.detail;
    };
    const body = engine.runAll(whole, ["full"], { provider: "anthropic" })[0].steps[0].request.body;
    return { asked, body };
  }

  it("shortens what the page shows (its step, the next one, the progress hand-over) and never the export's or the diff's", async () => {
    const { asked, body } = await workerWith(SHOWN_TOOL_LISTS.wholeUpTo + 1);
    const page = await asked();
    const exported = await asked("export");
    expect(page.requestJsonShortened?.toolsLeftOut).toBe(SHOWN_TOOL_LISTS.wholeUpTo + 1 - SHOWN_TOOL_LISTS.keep);
    expect(await asked("ahead")).toEqual(page);
    expect(exported.requestJsonShortened).toBeUndefined();
    expect(await asked("compare")).toEqual(exported);
    expect(page.requestJsonShortened?.bytes).toBe(utf8ByteLength(exported.requestJson));
    expect(JSON.parse(exported.requestJson)).toEqual(body);
  });

  it("shows a real catalog's request whole (github-mcp, 117 tools)", async () => {
    const { asked, body } = await workerWith("github-mcp");
    const page = await asked();
    expect(page.requestJsonShortened).toBeUndefined();
    expect(JSON.parse(page.requestJson)).toEqual(body);
  });
});
