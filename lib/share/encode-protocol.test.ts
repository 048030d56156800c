import { describe, expect, it } from "vitest";
import type { Catalog } from "../core/catalog";
import type { Scenario } from "../scenario/types";
import { DEFAULT_SETTINGS } from "../scenario/default-settings";
import { MAX_CHANGED_TOOLS, catalogMessage, type EncodeRequest, type EncodeWorkerState } from "./encode-protocol";
import { encodeWorkspace } from "./share-link";
import { handleCatalogPiece, handleEncodeMessage } from "./share-worker-protocol";

const tool = (name: string) => ({ name, description: `${name} does it.`, inputSchema: { type: "object" } });
const catalog: Catalog = { tools: Array.from({ length: 200 }, (_, index) => tool(`tool_${index}`)), source: "test" };
const scenario: Scenario = { formatVersion: 1, id: "s", title: "S", catalog, turns: [], settings: DEFAULT_SETTINGS };

function request(requestId: number, next: Catalog, sent: Catalog | null): EncodeRequest {
  const { catalog: _catalog, ...rest } = scenario;
  return { requestId, catalog: catalogMessage(next, sent), workspace: { scenario: rest, strategyId: "gateway" } };
}

describe("autosave encoding in a worker", () => {
  it("sends the whole catalog first, then only the tools that are new objects", () => {
    expect(catalogMessage(catalog, null)).toEqual({ kind: "whole", catalog });
    const edited = { ...catalog, tools: catalog.tools.slice() };
    edited.tools[7] = tool("renamed");
    expect(catalogMessage(edited, catalog)).toEqual({
      kind: "changes",
      rest: { source: "test" },
      toolCount: 200,
      changes: [[7, edited.tools[7]]],
    });
    // A catalog of another size, other metadata or many changed tools goes whole.
    expect(catalogMessage({ ...catalog, tools: catalog.tools.slice(1) }, catalog).kind).toBe("whole");
    expect(catalogMessage({ ...catalog, source: "other" }, catalog).kind).toBe("whole");
    const many = {
      ...catalog,
      tools: catalog.tools.map((entry, index) => (index <= MAX_CHANGED_TOOLS ? { ...entry } : entry)),
    };
    expect(catalogMessage(many, catalog).kind).toBe("whole");
  });

  it("answers exactly the payload the page would have encoded itself, edit after edit", () => {
    let state = { catalog: null as Catalog | null };
    const first = handleEncodeMessage(state, request(1, catalog, null));
    state = first.state;
    expect(first.response).toEqual({
      requestId: 1,
      ok: true,
      payload: encodeWorkspace({ scenario, strategyId: "gateway" }, "persist").payload,
    });
    const edited = { ...catalog, tools: catalog.tools.slice() };
    edited.tools[42] = tool("edited_tool");
    const second = handleEncodeMessage(state, request(2, edited, catalog));
    expect(second.response).toEqual({
      requestId: 2,
      ok: true,
      payload: encodeWorkspace({ scenario: { ...scenario, catalog: edited }, strategyId: "gateway" }, "persist")
        .payload,
    });
  });

  it("refuses changes it has no catalog for, instead of encoding a wrong one", () => {
    const edited = { ...catalog, tools: catalog.tools.slice() };
    edited.tools[0] = tool("x");
    const handled = handleEncodeMessage({ catalog: null }, request(3, edited, catalog));
    expect(handled.response).toMatchObject({ requestId: 3, ok: false });
  });

  it("puts a catalog sent in pieces together, and refuses one whose pieces did not all come in order", () => {
    const { tools, ...rest } = catalog;
    const piece = (from: number, count: number) => ({
      piece: { toolCount: 200, from, tools: tools.slice(from, from + count) },
    });
    const { catalog: _catalog, ...scenarioRest } = scenario;
    const encode = (state: EncodeWorkerState) =>
      handleEncodeMessage(state, {
        requestId: 5,
        catalog: { kind: "pieces", rest, toolCount: 200 },
        workspace: { scenario: scenarioRest, strategyId: "gateway" },
      });
    let state: EncodeWorkerState = { catalog: null };
    for (const from of [0, 80, 160]) state = handleCatalogPiece(state, piece(from, 80));
    const whole = encode(state);
    expect(whole.response).toEqual({
      requestId: 5,
      ok: true,
      payload: encodeWorkspace({ scenario, strategyId: "gateway" }, "persist").payload,
    });
    expect(whole.state.catalog?.tools).toEqual(tools);
    // A piece missing, out of order, or of another catalog: refused, and the next save sends the catalog again.
    const missing = handleCatalogPiece(handleCatalogPiece({ catalog: null }, piece(0, 80)), piece(160, 40));
    expect(encode(missing).response).toMatchObject({ ok: false });
    const short = handleCatalogPiece({ catalog: null }, piece(0, 80));
    expect(encode(short).response).toMatchObject({ ok: false });
    const restarted = handleCatalogPiece(handleCatalogPiece(short, piece(0, 120)), piece(120, 80));
    expect(encode(restarted).response).toMatchObject({ ok: true });
    expect(encode({ catalog: null }).response).toMatchObject({ ok: false });
  });
});
