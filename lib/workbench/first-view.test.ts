import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STRATEGY_IDS } from "../core/ids";
import { loadExample } from "../examples";
import { openingStep } from "../view/opening-step";
import { computePrebuiltExample, FIRST_VIEW_FILE } from "./first-view";
import {
  OPENINGS,
  PREBUILT_EXAMPLE_IDS,
  PREBUILT_EXAMPLE_MAX_CHARACTERS,
  PREBUILT_TOOLS_KEPT_UP_TO,
  firstViewOf,
  openingSelection,
  type FirstViewFile,
} from "./opening";

const file = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", FIRST_VIEW_FILE), "utf8")) as FirstViewFile;

describe("the build-time first screen of the examples", () => {
  it("covers every prebuilt example", () => {
    expect(file.examples.map((example) => example.exampleId)).toEqual([...PREBUILT_EXAMPLE_IDS]);
  });

  // The page shows these figures before the worker has run, then the worker's own: they must be equal, or the
  // page would contradict itself. Run `npm run first-views` when this fails after an engine change. The 10,000-tool
  // example runs every strategy once (≈ 10 s of CPU on an idle machine).
  for (const exampleId of PREBUILT_EXAMPLE_IDS) {
    it(`equals a fresh engine run: ${exampleId}`, async () => {
      const fresh = await computePrebuiltExample(exampleId);
      const stored = file.examples.find((example) => example.exampleId === exampleId);
      expect(stored).toEqual(JSON.parse(JSON.stringify(fresh)));
    }, 300_000);
  }

  it("holds the example as loadExample returns it (a big catalog without its tools), every strategy, and the opening step", async () => {
    for (const example of file.examples) {
      const loaded = await loadExample(example.exampleId);
      const { tools } = loaded.catalog;
      if (tools.length > PREBUILT_TOOLS_KEPT_UP_TO) {
        expect(example.scenario).toEqual(
          JSON.parse(JSON.stringify({ ...loaded, catalog: { ...loaded.catalog, tools: [] } })),
        );
        expect(example.omittedTools).toEqual({ count: tools.length, firstToolName: tools[0].name });
      } else {
        expect(example.scenario).toEqual(JSON.parse(JSON.stringify(loaded)));
        expect(example.omittedTools).toBeUndefined();
      }
      expect(JSON.stringify(example).length).toBeLessThanOrEqual(PREBUILT_EXAMPLE_MAX_CHARACTERS);
      expect(example.runs.map((run) => run.id)).toEqual([...STRATEGY_IDS]);
      expect(example.toolTokens).toHaveLength(tools.length);
      for (const opening of OPENINGS) {
        const { strategyId, stepIndex, detail } = example.openings[opening];
        // The request the page's startup would choose from the same runs (components/playground/opening-moment.ts).
        const { provider, model } = example.scenario.settings;
        expect({ strategyId, stepIndex }).toEqual(
          openingStep(example.runs, openingSelection(opening).strategyId, { provider, model }) ?? {
            strategyId: openingSelection(opening).strategyId,
            stepIndex: 0,
          },
        );
        expect({ strategyId: detail.strategyId, stepIndex: detail.stepIndex }).toEqual({ strategyId, stepIndex });
      }
    }
  }, 120_000);

  it("opens on the baseline, and has nothing for an example without a build-time screen", () => {
    expect(openingSelection("first-visit").strategyId).toBe("full");
    expect(firstViewOf(file, "github-mcp", "named")).toBeNull();
  });
});
