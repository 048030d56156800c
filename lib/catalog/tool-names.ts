/** Tool-name rules shared by the providers we target. */

/**
 * Anthropic `tools[].name` and OpenAI function names both must match this
 * (docs.anthropic.com tool-use "name"; platform.openai.com function calling "name").
 */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** Separates a server prefix from the tool name when names collide across servers (`github__create_issue`). */
export const SERVER_PREFIX_SEPARATOR = "__";

export function isValidToolName(name: string): boolean {
  return TOOL_NAME_PATTERN.test(name);
}

export function toolNameRuleMessage(name: string): string {
  return `"${name}" does not match ${TOOL_NAME_PATTERN.source}: Anthropic and OpenAI will reject it`;
}

/** Makes a server name usable inside a tool name: disallowed characters become `_`, runs collapse. */
export function sanitizeNamePart(part: string): string {
  const sanitized = part.replace(/[^a-zA-Z0-9_-]+/g, "_").replace(/^_+|_+$/g, "");
  return sanitized === "" ? "server" : sanitized;
}
