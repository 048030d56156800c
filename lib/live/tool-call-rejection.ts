/**
 * A provider that validates a tool call's arguments against the declared schema can refuse the reply with a 400
 * instead of passing invalid arguments on: OpenAI-compatible servers such as Groq answer
 * `{"error":{"code":"tool_use_failed","message":"tool call validation failed: parameters for tool <name> did not
 * match schema: …","failed_generation":"…"}}`. The routes give such an error its own code so the experiment counts
 * it as an argument error of that tool rather than as a failed request.
 */
export const REJECTED_TOOL_CALL_CODE = "provider_rejected_tool_call";

const PROVIDER_CODES = new Set(["tool_use_failed"]);
const MESSAGE = /tool call validation failed/i;

/** Whether a provider's 400 (its error code and message) rejects a tool call's arguments. */
export function isToolCallRejection(providerCode: string | undefined, message: string): boolean {
  return (providerCode !== undefined && PROVIDER_CODES.has(providerCode)) || MESSAGE.test(message);
}

/** The tool the rejection names ("parameters for tool <name>"), or null when the message names none. */
export function rejectedToolName(message: string): string | null {
  return /\bfor tool [`'"]?([A-Za-z0-9_.:-]+)/.exec(message)?.[1] ?? null;
}
