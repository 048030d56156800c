import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STRATEGY_IDS } from "../scenario/types";
import { loadExample } from "../examples";
import { openingStep } from "../view/opening-step";
import { computeFirstView, FIRST_VIEW_FILE } from "./first-view";
import { OPENINGS, PREBUILT_EXAMPLE_IDS, firstViewOf, openingSelection, type FirstViewFile } from "./opening";

const file = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", FIRST_VIEW_FILE), "utf8")) as FirstViewFile;

describe("the build-time first screen of the examples", () => {
  it("covers every prebuilt example", () => {
    expect(file.examples.map((example) => example.exampleId)).toEqual([...PREBUILT_EXAMPLE_IDS]);
  });

  // The page shows these figures before the worker has run, then the worker's own: they must be equal, or the
  // page would contradict itself. Run `npm run first-views` when this fails after an engine change.
  for (const exampleId of PREBUILT_EXAMPLE_IDS) {
    for (const opening of OPENINGS) {
      it(`equals a fresh engine run: ${exampleId}, ${opening}`, async () => {
        const fresh = await computeFirstView(exampleId, opening);
        const stored = firstViewOf(file, exampleId, opening);
        expect(stored).toEqual(JSON.parse(JSON.stringify(fresh)));
      }, 60_000);
    }
  }

  it("holds the example as loadExample returns it, every strategy, and the opening step", async () => {
    for (const example of file.examples) {
      expect(example.scenario).toEqual(JSON.parse(JSON.stringify(await loadExample(example.exampleId))));
      expect(example.runs.map((run) => run.id)).toEqual([...STRATEGY_IDS]);
      expect(example.toolTokens).toHaveLength(example.scenario.catalog.tools.length);
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
  });

  it("opens on the baseline, and has nothing for an example without a build-time screen", () => {
    expect(openingSelection("first-visit").strategyId).toBe("full");
    expect(firstViewOf(file, "synthetic-10000", "named")).toBeNull();
  });
});
