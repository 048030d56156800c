/** A recorded request or response body read back in provider-neutral terms (an imported trace, a live reply). */
import type { CacheTtl } from "./cache-rules";

/** A tool as the body declared it. */
export type DeclaredTool = {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  deferred: boolean;
};

export type CalledTool = { name: string; arguments: Record<string, unknown> };

export type ConversationMessage = { role: "user" | "assistant"; text: string; calls: CalledTool[] };

/** How one wire format's bodies are read back; each provider's adapter has one. */
export interface BodyReader {
  /** The tools a request body declares, in order (namespace members in place of their namespace). */
  declaredTools(body: Record<string, unknown>): DeclaredTool[];
  /** Tool calls in a response, or in an assistant turn of a request body, in order. */
  toolCalls(value: Record<string, unknown>): CalledTool[];
  /** The user and assistant turns of a request body in order (tool results are not turns). */
  conversation(body: Record<string, unknown>): ConversationMessage[];
  /** The assistant's text in a response. */
  responseText(response: Record<string, unknown>): string;
  /** The system prompt of a request body, or "". */
  systemText(body: Record<string, unknown>): string;
  /** The cache lifetime a request body asks for. */
  cacheTtl(body: Record<string, unknown>): CacheTtl;
  /** What a request body's own cache markers say, as scenario settings; {} where caching is automatic. */
  cacheSettings(body: Record<string, unknown>): RecordedCacheSettings;
}

/** A request's cache markers as scenario settings (lib/scenario's ScenarioSettings fields of the same names). */
export type RecordedCacheSettings = {
  cacheMode?: "automatic" | "explicit" | "off";
  explicitBreakpoints?: Array<"tools" | "system" | "last-message">;
  cacheTtl?: CacheTtl;
};
