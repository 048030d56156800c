/**
 * A person's MCP catalog with dotted, slashed, spaced and Chinese tool names, run through the engine: sent as
 * written, every strategy that declares one is refused at the request that does (the first, where the whole catalog
 * is declared up front); sent as wire names (settings `toolNameMapping: "wire"`),
 * every strategy runs every turn, finds every tool and sends only names the provider accepts.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { argumentsPassSchema } from "../catalog/argument-validation";
import { parseCatalogText } from "../catalog/import-catalog";
import { STRATEGY_IDS, type ProviderId } from "../core/ids";
import { getModel } from "../models/model-table";
import { modelLimits } from "../models/model-limits";
import { conversationForCatalog } from "../scenario/catalog-conversation";
import { createScenario } from "../scenario/create-scenario";
import type { Scenario } from "../scenario/types";
import { createEngine } from "./engine";

const FIXTURE = path.join(__dirname, "..", "catalog", "test-fixtures", "shapes", "mixed-names.json");
const REFUSED = ["github.create_issue", "fs/read_file", "Send Email", "查询天气"];

function mixedNamesScenario(): Scenario {
  const catalog = parseCatalogText(fs.readFileSync(FIXTURE, "utf8")).value!;
  const turns = conversationForCatalog(catalog, { argumentsValid: argumentsPassSchema });
  return createScenario({ title: "Mixed names", catalog, turns });
}

const PLACEMENTS: Array<[ProviderId, string]> = [
  ["anthropic", "claude-sonnet-4-6"],
  ["openai-responses", "gpt-5.4"],
];

/** Every tool name a request declares, wherever the provider's body puts it (top level, namespaces, messages). */
function declaredNames(body: unknown, names: Set<string> = new Set()): Set<string> {
  if (Array.isArray(body)) for (const item of body) declaredNames(item, names);
  else if (body && typeof body === "object") {
    const record = body as Record<string, unknown>;
    if (typeof record.name === "string" && ("input_schema" in record || "parameters" in record)) names.add(record.name);
    for (const value of Object.values(record)) declaredNames(value, names);
  }
  return names;
}

describe("wire names through the engine", () => {
  const scenario = mixedNamesScenario();
  const engine = createEngine();

  it("the fixture's conversation needs the refused names", () => {
    const needed = scenario.turns.flatMap((turn) => turn.needs.map((need) => need.tool));
    expect(needed.filter((name) => REFUSED.includes(name)).length).toBeGreaterThanOrEqual(3);
  });

  it.each(PLACEMENTS)(
    "on %s, names sent as written: every strategy that declares a refused name is refused at that request",
    (provider, model) => {
      const settings = { ...scenario.settings, provider, model };
      for (const mapping of [undefined, "none"] as const) {
        const runs = engine.runAll({ ...scenario, settings: { ...settings, toolNameMapping: mapping } }, STRATEGY_IDS, {
          provider,
          model,
        });
        const running = runs.filter((run) => !run.refused);
        for (const run of running) {
          expect(run.wireNames, run.id).toBeUndefined();
          const declaresRefused = run.steps.some((step) =>
            [...declaredNames(step.request.body)].some((name) => REFUSED.includes(name)),
          );
          // A wrapper (gateway, CLI, text protocol) never declares a catalog tool, so no name of it is refused.
          if (!declaresRefused) {
            expect(run.totals.failsAtRequest, run.id).toBeUndefined();
            continue;
          }
          expect(run.steps.at(-1)?.rejected?.limit, run.id).toBe("tool-name");
          expect(run.totals.failsAtRequest, run.id).toBe(run.steps.length);
        }
        // Every strategy that declares the catalog up front is refused at its first request.
        const upFront = running.filter((run) => declaredNames(run.steps[0].request.body).size >= REFUSED.length);
        expect(upFront.length, mapping).toBeGreaterThanOrEqual(2);
        for (const run of upFront) expect(run.totals.failsAtRequest, run.id).toBe(1);
        expect(running.filter((run) => run.totals.failsAtRequest !== undefined).length).toBeGreaterThanOrEqual(5);
      }
    },
  );

  it.each(PLACEMENTS)(
    "on %s, wire names: every strategy runs every turn, finds every tool, and sends only accepted names",
    (provider, model) => {
      const wire = {
        ...scenario,
        settings: { ...scenario.settings, provider, model, toolNameMapping: "wire" as const },
      };
      const runs = engine.runAll(wire, STRATEGY_IDS, { provider, model });
      const running = runs.filter((run) => !run.refused);
      expect(running.length).toBeGreaterThan(3);
      const pattern = new RegExp(modelLimits(getModel(provider, model)!).toolNamePattern.value);
      for (const run of running) {
        expect(
          run.steps.filter((step) => step.rejected),
          run.id,
        ).toEqual([]);
        expect(run.totals.failsAtRequest, run.id).toBeUndefined();
        expect(new Set(run.steps.map((step) => step.turn)).size, run.id).toBe(scenario.turns.length);
        expect(run.totals.toolsFound, run.id).toBe(run.totals.toolsNeeded);
        expect(
          run.wireNames?.map(({ original }) => original),
          run.id,
        ).toEqual(REFUSED);
        const wireOf = new Map(run.wireNames!.map(({ original, wire }) => [original, wire]));
        const declared = new Set(run.steps.flatMap((step) => [...declaredNames(step.request.body)]));
        for (const name of declared) expect(name, `${run.id} declares ${name}`).toMatch(pattern);
        // Every tool a turn needs is called under its wire name, and no request names a tool by its refused name
        // (as a declaration, a call or a gateway's `name` argument).
        const requests = run.steps.map((step) => JSON.stringify(step.request.body)).join("\n");
        for (const turn of scenario.turns)
          for (const need of turn.needs)
            expect(requests, `${run.id} calls`).toContain(wireOf.get(need.tool) ?? need.tool);
        for (const original of REFUSED) {
          const named = `"name":${JSON.stringify(original)}`;
          expect(requests, `${run.id} names ${original}`).not.toContain(named);
          expect(requests, `${run.id} names ${original}`).not.toContain(JSON.stringify(named).slice(1, -1));
        }
      }
    },
  );

  it("a name the chosen model accepts is not renamed: Gemini keeps the dot", () => {
    const wire = {
      ...scenario,
      settings: {
        ...scenario.settings,
        provider: "gemini" as const,
        model: "gemini-2.5-flash",
        toolNameMapping: "wire" as const,
      },
    };
    const [run] = engine.runAll(wire, ["full"], { provider: "gemini", model: "gemini-2.5-flash" });
    expect(run.wireNames?.map(({ original }) => original)).toEqual(["fs/read_file", "Send Email", "查询天气"]);
    expect(run.steps.some((step) => step.rejected)).toBe(false);
    expect(JSON.stringify(run.steps[0].request.body)).toContain('"github.create_issue"');
  });

  it("the same scenario gives the same requests on a second run (a stable cache prefix)", () => {
    const wire = { ...scenario, settings: { ...scenario.settings, toolNameMapping: "wire" as const } };
    const first = createEngine().runAll(wire, ["full"]);
    const second = createEngine().runAll(structuredClone(wire), ["full"]);
    expect(second[0].steps.map((step) => step.request.body)).toEqual(first[0].steps.map((step) => step.request.body));
  });
});
