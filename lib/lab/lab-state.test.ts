import { describe, expect, it } from "vitest";
import { DEFAULT_CLIENT_SEARCH_OPTIONS } from "../search";
import {
  INITIAL_LAB_STATE,
  activeEdit,
  catalogFamily,
  editedToolNames,
  labReducer,
  plainQueries,
  selectedToolOf,
  type LabAction,
  type LabState,
} from "./lab-state";
import { LAB_QUERIES, LAB_TOOLS } from "./test-fixtures";

const run = (actions: LabAction[], state: LabState = INITIAL_LAB_STATE) => actions.reduce(labReducer, state);

const loaded = run([
  {
    type: "catalog-loaded",
    source: { kind: "example", exampleId: "sample", title: "Sample" },
    tools: LAB_TOOLS,
    queries: LAB_QUERIES,
    querySetLabel: "shipped set",
  },
]);

describe("labReducer", () => {
  it("loads a catalog with its queries, each numbered, under a versioned key", () => {
    expect(loaded.catalog?.key).toBe("sample#1.1");
    expect(loaded.queries.map((query) => query.id)).toEqual([1, 2, 3, 4, 5]);
    expect(plainQueries(loaded)).toEqual(LAB_QUERIES);
  });

  it("adds, edits and removes queries", () => {
    const state = run(
      [
        { type: "queries-appended", queries: [{ q: "new one", expect: ["get_weather"], origin: "suggested" }] },
        { type: "query-changed", id: 6, q: "edited" },
        { type: "query-changed", id: 1, expect: ["get_weather", "create_issue"] },
        { type: "query-removed", id: 2 },
      ],
      loaded,
    );
    expect(state.queries.map((query) => [query.id, query.q, query.expect.length, query.origin])).toEqual([
      [1, "weather forecast for Paris", 2, "written"],
      [3, "open a new ticket about the login bug", 1, undefined],
      [4, "remove the old file", 1, undefined],
      [5, "which repositories does octocat have", 1, undefined],
      [6, "edited", 1, "written"],
    ]);
  });

  it("replaces the query set and forgets the expanded row", () => {
    const state = run(
      [
        { type: "query-expanded", id: 3 },
        { type: "queries-replaced", queries: [{ q: "x", expect: ["y"] }], label: "imported q.jsonl" },
      ],
      loaded,
    );
    expect(state).toMatchObject({ querySetLabel: "imported q.jsonl", expandedQueryId: undefined });
    expect(state.queries).toEqual([{ id: 6, q: "x", expect: ["y"] }]);
  });

  it("measures a draft only when it differs, applies it under a new key, and resets all edits", () => {
    const selected = run([{ type: "tool-selected", name: "create_issue" }], loaded);
    expect(selectedToolOf(selected)?.name).toBe("create_issue");
    expect(
      activeEdit(run([{ type: "draft-changed", description: LAB_TOOLS[2].description }], selected)),
    ).toBeUndefined();
    const drafting = run([{ type: "draft-changed", description: "Create a ticket." }], selected);
    expect(activeEdit(drafting)).toEqual({ tool: "create_issue", description: "Create a ticket." });
    const applied = run([{ type: "draft-applied" }], drafting);
    expect(applied.catalog?.key).toBe("sample#1.2");
    expect(catalogFamily(applied.catalog!.key)).toBe(catalogFamily(loaded.catalog!.key));
    expect(applied.draft).toBeUndefined();
    expect(selectedToolOf(applied)?.description).toBe("Create a ticket.");
    expect(editedToolNames(applied)).toEqual(["create_issue"]);
    const reset = run([{ type: "edits-reset" }], applied);
    expect(editedToolNames(reset)).toEqual([]);
    expect(reset.catalog?.key).toBe("sample#1.3");
  });

  it("drops the draft when another tool is selected or it is discarded", () => {
    const drafting = run(
      [
        { type: "tool-selected", name: "create_issue" },
        { type: "draft-changed", description: "x" },
      ],
      loaded,
    );
    expect(run([{ type: "tool-selected", name: "get_weather" }], drafting).draft).toBeUndefined();
    expect(run([{ type: "tool-selected", name: "create_issue" }], drafting).draft).toBe("x");
    expect(run([{ type: "draft-discarded" }], drafting).draft).toBeUndefined();
    expect(run([{ type: "draft-changed", description: "y" }], loaded).draft).toBeUndefined();
  });

  it("merges option changes, field weights included, and resets them", () => {
    const state = run(
      [
        {
          type: "client-options-changed",
          options: { stemming: false, fieldWeights: { ...DEFAULT_CLIENT_SEARCH_OPTIONS.fieldWeights, name: 5 } },
        },
      ],
      loaded,
    );
    expect(state.clientOptions).toEqual({
      ...DEFAULT_CLIENT_SEARCH_OPTIONS,
      stemming: false,
      fieldWeights: { ...DEFAULT_CLIENT_SEARCH_OPTIONS.fieldWeights, name: 5 },
    });
    expect(run([{ type: "client-options-reset" }], state).clientOptions).toBe(DEFAULT_CLIENT_SEARCH_OPTIONS);
  });
});
