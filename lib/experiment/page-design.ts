/**
 * The experiment the page asks for — a shipped catalog, the task set's text, one provider and model, the strategies
 * (or a built-in design that picks them), repetitions — made into an `ExperimentDesign`. The server route (measured
 * runs) and the experiment worker (simulated runs and the estimate) build it the same way, so both run the same
 * cells under the same id.
 */
import { hashString } from "../cache/hash-string";
import type { Catalog } from "../core/catalog";
import type { ProviderId, StrategyId } from "../core/ids";
import { designStrategies, strategyRunsOn, type DesignId } from "./designs";
import type { ExperimentDesign } from "./runner";
import { parseTaskSet } from "./tasks";
import type { ExperimentCell } from "./types";

export type ExperimentChoice = {
  example: string;
  tasks: string;
  provider: ProviderId;
  model: string;
  strategies: StrategyId[];
  repetitions: number;
  /** A built-in design chooses the strategies itself ("position": up front vs appended mid-conversation). */
  design?: DesignId;
};

export type ChoiceDesign = { design: ExperimentDesign } | { problem: string };

/** The strategies the choice runs: the design's, else the chosen ones that run on the provider and model. */
export function choiceStrategies(choice: Omit<ExperimentChoice, "tasks" | "example" | "repetitions">): StrategyId[] {
  return choice.design
    ? designStrategies(choice.design, choice.provider, choice.model)
    : choice.strategies.filter((strategy) => strategyRunsOn(strategy, choice.provider, choice.model));
}

export function designFromChoice(choice: ExperimentChoice, catalog: Catalog): ChoiceDesign {
  const tasks = parseTaskSet(choice.tasks, catalog);
  if (!tasks.value) return { problem: tasks.problems[0]?.message ?? "experiment: no tasks." };
  const cells: ExperimentCell[] = choiceStrategies(choice).map((strategy) => ({
    strategy,
    provider: choice.provider,
    model: choice.model,
  }));
  if (cells.length === 0) return { problem: `experiment: none of these strategies runs on ${choice.model}.` };
  // The design's cells are part of what it is; chosen strategies are not, so adding one resumes the others.
  const id = `exp-${hashString(JSON.stringify([choice.example, choice.tasks, choice.provider, choice.model]))}`;
  return { design: { id, catalog, tasks: tasks.value, cells, repetitions: choice.repetitions } };
}
