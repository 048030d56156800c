import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STRATEGY_IDS } from "../scenario/types";
import { loadExample } from "../examples";
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
        expect({ strategyId, stepIndex }).toEqual(openingSelection(opening));
        expect({ strategyId: detail.strategyId, stepIndex: detail.stepIndex }).toEqual({ strategyId, stepIndex });
      }
    }
  });

  it("opens a first visit on caching at work and a named example at its first request", () => {
    expect(openingSelection("first-visit")).toEqual({ strategyId: "full", stepIndex: 1 });
    expect(openingSelection("named").stepIndex).toBe(0);
    expect(firstViewOf(file, "synthetic-10000", "named")).toBeNull();
  });
});
