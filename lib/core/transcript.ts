import type { CatalogTool } from "./catalog";

/**
 * The provider-neutral conversation the simulated model and the strategies build. Each provider module renders
 * it into its own wire format; blocks that only one provider understands (Anthropic's server tool search,
 * OpenAI's tool_search items, tools added mid-conversation) are refused by the others.
 */
export type TranscriptBlock =
  | { type: "text"; text: string }
  | { type: "tool-call"; id: string; name: string; input: Record<string, unknown> }
  | { type: "tool-result"; callId: string; toolName: string; content: string; isError?: boolean }
  /** Anthropic custom (client) search: a tool_result whose content is tool_reference blocks. */
  | { type: "tool-reference-result"; callId: string; toolNames: string[] }
  /** Anthropic server-side tool search: server_tool_use + tool_search_tool_result in one assistant turn. */
  | {
      type: "server-tool-search";
      id: string;
      variant: "bm25" | "regex";
      input: string;
      result: { toolNames: string[] } | { errorCode: string; errorMessage: string };
    }
  /** OpenAI tool_search_call (hosted: call_id null and the output follows in the same response). */
  | {
      type: "openai-search-call";
      id: string;
      callId: string | null;
      execution: "server" | "client";
      query: string;
      /** The `paths` of a hosted call's `{paths, query}` arguments, kept as the provider sent them (a live reply). */
      paths?: string[];
    }
  | {
      type: "openai-search-output";
      id: string;
      callId: string | null;
      execution: "server" | "client";
      toolNames: string[];
    };

export type TranscriptMessage =
  | { role: "user"; blocks: TranscriptBlock[] }
  | { role: "assistant"; blocks: TranscriptBlock[] }
  /**
   * Tools made callable in the middle of the conversation, appended after the turn that found them. Each provider
   * that can do it renders its own form: Anthropic a `role:"system"` message with `tool_addition` blocks (and the
   * optional note as text), Moonshot Kimi K3 a `{role:"system", tools:[…]}` message without content.
   * `removedToolNames` are withdrawn in the same message (Anthropic `tool_removal` blocks; only a provider whose
   * facts say `toolRemovalMessage` is given them).
   */
  | { role: "added-tools"; toolNames: string[]; removedToolNames?: string[]; text?: string };

/** The top-level `tools` a strategy declares for one request. */
export type ToolEntry =
  /** A catalog tool with its full schema; `deferred` marks `defer_loading: true`. */
  | { type: "catalog"; tool: CatalogTool; deferred: boolean }
  /** A one-line stub of a catalog tool that accepts a loose `arguments` object (stubs strategy). */
  | { type: "stub"; tool: CatalogTool }
  /** A tool the strategy itself adds: search_tools, invoke_tool, load_tool_schemas. */
  | { type: "helper"; tool: CatalogTool }
  | { type: "anthropic-tool-search"; variant: "bm25" | "regex" }
  | { type: "openai-tool-search"; execution: "server" | "client" }
  /** An OpenAI namespace grouping deferred catalog tools. */
  | { type: "openai-namespace"; name: string; description: string; tools: CatalogTool[] };

export type Transcript = {
  system: string;
  tools: ToolEntry[];
  messages: TranscriptMessage[];
  /** Beta features the strategy relies on (Anthropic `anthropic-beta` header values). */
  betas?: string[];
};
