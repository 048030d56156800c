/**
 * Where the engine's choice on the hosted search's continuation (billed as its first pass only, unconfirmed)
 * makes a strategy cheaper, the terminal table says so beside its cost, with what the other reading would add.
 */
import { describe, expect, it } from "vitest";
import { searchContinuationEffect } from "../decide/open-facts";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { getModel } from "../models/model-table";
import { formatRunsTable } from "./simulation-output";

describe("simulate's table: the hosted-search continuation choice", () => {
  it("is stated under Anthropic's hosted tool search, with the amount the decide panel gives", async () => {
    const scenario = await loadExample("weather");
    const settings = { ...scenario.settings, searchExecution: "server" as const };
    const runs = createEngine().runAll({ ...scenario, settings }, ["anthropic-tool-search", "full"], {
      provider: "anthropic",
    });
    const search = runs.find((run) => run.id === "anthropic-tool-search")!;
    const effect = searchContinuationEffect(search, getModel("anthropic", search.model)!, "server");
    expect(effect).not.toBeNull();
    const table = formatRunsTable({ ...scenario, settings }, runs);
    expect(table).toContain("assumed: a hosted search's continuation is billed as its first pass only");
    expect(table).toContain(effect!.sentence);
    expect(table.match(/assumed: a hosted search/g)).toHaveLength(1);
  });
});
