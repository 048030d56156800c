/**
 * The lab page's state and its reducer: the catalog (with the description edits applied so far), the query set,
 * the client-search options, and what is selected or being edited. Everything measured is derived from this by the
 * worker, never stored here. Framework-free, so the page's behaviour is tested in Node.
 */
import type { CatalogTool } from "../core/catalog";
import { DEFAULT_CLIENT_SEARCH_OPTIONS, type ClientSearchOptions } from "../search/client-search";
import type { LabEdit } from "./lab-protocol";
import type { LabQuery } from "./query-set";

export type LabCatalogSource =
  { kind: "example"; exampleId: string; title: string } | { kind: "imported"; title: string };

export type LabQueryEntry = LabQuery & { id: number };

export type LabCatalog = {
  /** Names this catalog for the worker; changes whenever its tools do (`<name>#<load>.<version>`). */
  key: string;
  /** The catalog version at which it was loaded: edits keep it, a new catalog gets a new one. */
  loadVersion: number;
  source: LabCatalogSource;
  /** As loaded, for "reset edits" and for showing what changed. */
  originalTools: CatalogTool[];
  /** With the applied description edits. */
  tools: CatalogTool[];
};

export type RecallCutoff = 1 | 3 | 5;

export type LabState = {
  catalog: LabCatalog | undefined;
  /** Bumped on every catalog change, so each version gets its own key. */
  catalogVersion: number;
  queries: LabQueryEntry[];
  nextQueryId: number;
  /** Where the query set came from: "shipped set", "imported queries.jsonl", "starter queries"… */
  querySetLabel: string;
  clientOptions: ClientSearchOptions;
  k: RecallCutoff;
  selectedTool: string | undefined;
  /** The description being edited for `selectedTool`; undefined when not editing. */
  draft: string | undefined;
  compressionLevel: string;
  expandedQueryId: number | undefined;
};

export const INITIAL_LAB_STATE: LabState = {
  catalog: undefined,
  catalogVersion: 0,
  queries: [],
  nextQueryId: 1,
  querySetLabel: "",
  clientOptions: DEFAULT_CLIENT_SEARCH_OPTIONS,
  k: 5,
  selectedTool: undefined,
  draft: undefined,
  compressionLevel: "stub",
  expandedQueryId: undefined,
};

export type LabAction =
  | {
      type: "catalog-loaded";
      source: LabCatalogSource;
      tools: CatalogTool[];
      queries: LabQuery[];
      querySetLabel: string;
    }
  | { type: "queries-replaced"; queries: LabQuery[]; label: string }
  | { type: "queries-appended"; queries: LabQuery[] }
  | { type: "query-changed"; id: number; q?: string; expect?: string[] }
  | { type: "query-removed"; id: number }
  | { type: "client-options-changed"; options: Partial<ClientSearchOptions> }
  | { type: "client-options-reset" }
  | { type: "k-changed"; k: RecallCutoff }
  | { type: "tool-selected"; name: string | undefined }
  | { type: "draft-changed"; description: string }
  | { type: "draft-applied" }
  | { type: "draft-discarded" }
  | { type: "edits-reset" }
  | { type: "compression-level-changed"; levelId: string }
  | { type: "query-expanded"; id: number | undefined };

function numbered(queries: readonly LabQuery[], firstId: number): LabQueryEntry[] {
  return queries.map((query, index) => ({ ...query, id: firstId + index }));
}

function withTools(state: LabState, tools: CatalogTool[]): LabState {
  if (state.catalog === undefined) return state;
  const catalogVersion = state.catalogVersion + 1;
  const key = catalogKeyFor(state.catalog.source, state.catalog.loadVersion, catalogVersion);
  return { ...state, catalogVersion, catalog: { ...state.catalog, tools, key } };
}

export function catalogKeyFor(source: LabCatalogSource, loadVersion: number, version: number): string {
  return `${source.kind === "example" ? source.exampleId : source.title}#${loadVersion}.${version}`;
}

/** The part of a catalog key that edits keep: two keys of one family name the same catalog, edited or not. */
export function catalogFamily(key: string): string {
  return key.slice(0, key.lastIndexOf("."));
}

export function labReducer(state: LabState, action: LabAction): LabState {
  switch (action.type) {
    case "catalog-loaded": {
      const catalogVersion = state.catalogVersion + 1;
      return {
        ...state,
        catalogVersion,
        catalog: {
          key: catalogKeyFor(action.source, catalogVersion, catalogVersion),
          loadVersion: catalogVersion,
          source: action.source,
          originalTools: action.tools,
          tools: action.tools,
        },
        queries: numbered(action.queries, state.nextQueryId),
        nextQueryId: state.nextQueryId + action.queries.length,
        querySetLabel: action.querySetLabel,
        selectedTool: undefined,
        draft: undefined,
        expandedQueryId: undefined,
      };
    }
    case "queries-replaced":
      return {
        ...state,
        queries: numbered(action.queries, state.nextQueryId),
        nextQueryId: state.nextQueryId + action.queries.length,
        querySetLabel: action.label,
        expandedQueryId: undefined,
      };
    case "queries-appended":
      return {
        ...state,
        queries: [...state.queries, ...numbered(action.queries, state.nextQueryId)],
        nextQueryId: state.nextQueryId + action.queries.length,
      };
    case "query-changed":
      return {
        ...state,
        queries: state.queries.map((query) =>
          query.id === action.id
            ? { ...query, q: action.q ?? query.q, expect: action.expect ?? query.expect, origin: "written" }
            : query,
        ),
      };
    case "query-removed":
      return {
        ...state,
        queries: state.queries.filter((query) => query.id !== action.id),
        expandedQueryId: state.expandedQueryId === action.id ? undefined : state.expandedQueryId,
      };
    case "client-options-changed":
      return {
        ...state,
        clientOptions: {
          ...state.clientOptions,
          ...action.options,
          fieldWeights: { ...state.clientOptions.fieldWeights, ...action.options.fieldWeights },
        },
      };
    case "client-options-reset":
      return { ...state, clientOptions: DEFAULT_CLIENT_SEARCH_OPTIONS };
    case "k-changed":
      return { ...state, k: action.k };
    case "tool-selected":
      return action.name === state.selectedTool ? state : { ...state, selectedTool: action.name, draft: undefined };
    case "draft-changed":
      return state.selectedTool === undefined ? state : { ...state, draft: action.description };
    case "draft-applied": {
      const edit = activeEdit(state);
      if (edit === undefined || state.catalog === undefined) return { ...state, draft: undefined };
      const tools = state.catalog.tools.map((tool) =>
        tool.name === edit.tool ? { ...tool, description: edit.description } : tool,
      );
      return { ...withTools(state, tools), draft: undefined };
    }
    case "draft-discarded":
      return { ...state, draft: undefined };
    case "edits-reset":
      return state.catalog === undefined
        ? state
        : { ...withTools(state, state.catalog.originalTools), draft: undefined };
    case "compression-level-changed":
      return { ...state, compressionLevel: action.levelId };
    case "query-expanded":
      return { ...state, expandedQueryId: action.id };
  }
}

export function selectedToolOf(state: LabState): CatalogTool | undefined {
  return state.catalog?.tools.find((tool) => tool.name === state.selectedTool);
}

/** The edit to measure: the draft, when it differs from the tool's current description. */
export function activeEdit(state: LabState): LabEdit | undefined {
  const tool = selectedToolOf(state);
  if (tool === undefined || state.draft === undefined || state.draft === tool.description) return undefined;
  return { tool: tool.name, description: state.draft };
}

/** Names of the tools whose description differs from the catalog as loaded. */
export function editedToolNames(state: LabState): string[] {
  if (state.catalog === undefined) return [];
  const original = new Map(state.catalog.originalTools.map((tool) => [tool.name, tool.description]));
  return state.catalog.tools.filter((tool) => original.get(tool.name) !== tool.description).map((tool) => tool.name);
}

/** The queries as the worker and JSONL export see them. */
export function plainQueries(state: LabState): LabQuery[] {
  return state.queries.map(({ q, expect, origin }) => ({ q, expect, ...(origin === undefined ? {} : { origin }) }));
}
