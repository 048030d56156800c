import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { PROVIDER_IDS, STRATEGY_IDS } from "../scenario/types";
import { parseCatalogText } from "../catalog";
import { utf8ByteLength } from "../view/format";
import {
  INITIAL_ENGINE_STATE,
  handleEngineMessage,
  type EngineDependencies,
  type EngineRequest,
} from "./engine-protocol";
import { SHOWN_TOOL_LISTS, leftOutNote, stepDetail, withRequestBody } from "./summarise-run";

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
    // github-mcp: 117 tools, one list above SHOWN_TOOL_LISTS.longerThan (the Responses namespace's members on OpenAI).
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
            shortenToolLists: true,
          })!;
          const wholeLists = toolLists(JSON.parse(whole.requestJson));
          const longLists = wholeLists.filter((list) => list.length > SHOWN_TOOL_LISTS.longerThan);
          if (longLists.length === 0) {
            expect(shown).toEqual(whole);
            continue;
          }
          shortenedSteps += 1;
          const shownBody = JSON.parse(shown.requestJson) as unknown;
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
    const shown = stepDetail(run, 0, { shortenToolLists: true })!;
    expect(shown.requestJsonShortened).toEqual({
      toolsLeftOut: 75 - SHOWN_TOOL_LISTS.keep + 61 - SHOWN_TOOL_LISTS.keep,
      bytes: utf8ByteLength(JSON.stringify(body, null, 2)),
    });
  });

  it("keeps a shortened detail's body left out: its text is not the request", async () => {
    const scenario = await loadExample("github-mcp");
    const [run] = createEngine().runAll(scenario, ["full"], { provider: "anthropic" });
    const shown = withRequestBody(
      stepDetail(run, 0, { previousRequestJson: false, requestBody: false, shortenToolLists: true })!,
    );
    expect(shown.requestJsonShortened).toBeDefined();
    expect(shown.requestBodyOmitted).toBe(true);
    expect("body" in shown.request).toBe(false);
    const whole = withRequestBody(stepDetail(run, 0, { previousRequestJson: false, requestBody: false })!);
    expect(whole.request.body).toEqual(run.steps[0].request.body);
  });
});

describe("the engine worker's step details", () => {
  it("shortens what the page shows (its step, the next one, the progress hand-over) and never the export's or the diff's", async () => {
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
    const loaded = await send({ kind: "load-example", requestId: 1, catalogVersion: 1, exampleId: "github-mcp" });
    if (loaded.kind !== "example-loaded") throw new Error(loaded.kind);
    const { catalog: _catalog, ...scenario } = loaded.scenario;
    void _catalog;
    await send({
      kind: "run",
      requestId: 2,
      catalogVersion: 1,
      scenario,
      strategyIds: ["full"],
      provider: "anthropic",
    });
    const asked = (purpose?: "export" | "compare" | "ahead") =>
      send({
        kind: "step-detail",
        requestId: 3,
        runRequestId: 2,
        strategyId: "full",
        stepIndex: 0,
        ...(purpose ? { purpose } : {}),
      });
    const page = await asked();
    const ahead = await asked("ahead");
    const exported = await asked("export");
    const compared = await asked("compare");
    if (page.kind !== "step-detail" || exported.kind !== "step-detail") throw new Error("no detail");
    expect(page.detail.requestJsonShortened?.toolsLeftOut).toBe(117 - SHOWN_TOOL_LISTS.keep);
    expect(ahead).toEqual(page);
    expect(exported.detail.requestJsonShortened).toBeUndefined();
    expect(compared).toEqual(exported);
    expect(page.detail.requestJsonShortened?.bytes).toBe(utf8ByteLength(exported.detail.requestJson));
    expect(JSON.parse(exported.detail.requestJson)).toEqual(
      engine.runAll(loaded.scenario, ["full"], { provider: "anthropic" })[0].steps[0].request.body,
    );
  });
});
