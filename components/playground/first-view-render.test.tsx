/**
 * The server's HTML of the page carries the build-time first screen: the opening step's figures and its request's
 * blocks are in the markup before any script runs (the store starts from the view, and the server renders from the
 * store's initial state).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { attribute, render, tagsWithTestId, textOfTestId } from "@/components/run/test-support";
import { FIRST_VIEW_FILE } from "@/lib/workbench/first-view";
import { firstViewOf, type FirstViewFile } from "@/lib/workbench/opening";
import { Playground } from "./playground";

const file = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", FIRST_VIEW_FILE), "utf8")) as FirstViewFile;

describe("the page's server HTML", () => {
  it("shows the example's opening step, with the figures of its request", () => {
    const view = firstViewOf(file, "weather", "named")!;
    const html = render(<Playground initialExampleId="weather" explicitExample firstView={view} />);
    const step = view.runs.find((run) => run.id === view.strategyId)!.steps[view.stepIndex];
    expect(textOfTestId(html, "scenario-title")).toContain(view.scenario.title);
    expect(Number(attribute(tagsWithTestId(html, "step-input")[0], "data-value"))).toBe(step.tokens.input);
    expect(Number(attribute(tagsWithTestId(html, "step-cost")[0], "data-value"))).toBe(step.cost.totalUsd);
    expect(attribute(tagsWithTestId(html, "prefix-bar-content")[0], "data-detail")).toBe(
      `${view.strategyId}:${view.stepIndex}`,
    );
    expect(html).toContain('data-testid="run-status-prebuilt"');
  });

  it("shows a big example's figures before its tools, with the catalog's size and what is still loading", () => {
    const view = firstViewOf(file, "synthetic-10000", "named")!;
    expect(view.scenario.catalog.tools).toEqual([]);
    const html = render(<Playground initialExampleId="synthetic-10000" explicitExample firstView={view} />);
    const step = view.runs.find((run) => run.id === view.strategyId)!.steps[view.stepIndex];
    expect(textOfTestId(html, "scenario-title")).toContain(`${view.scenario.title} · 10,000`);
    expect(Number(attribute(tagsWithTestId(html, "step-input")[0], "data-value"))).toBe(step.tokens.input);
    expect(attribute(tagsWithTestId(html, "prefix-bar-content")[0], "data-detail")).toBe(
      `${view.strategyId}:${view.stepIndex}`,
    );
    expect(textOfTestId(html, "catalog-count")).toBe("10,000 tools");
    expect(textOfTestId(html, "catalog-arriving")).toContain("Loading the 10,000 tool definitions");
  });

  it("shows nothing of an example without one (the worker's run fills the page)", () => {
    const html = render(<Playground initialExampleId="github-mcp" explicitExample firstView={null} />);
    expect(tagsWithTestId(html, "step-input")).toEqual([]);
    expect(attribute(tagsWithTestId(html, "prefix-bar-content")[0], "data-detail")).toBe("");
  });
});
