import type { ProviderId } from "../scenario/types";

type Json = Record<string, unknown>;

/**
 * The provider API a URL calls, from its path (so proxies and gateways such as LiteLLM or OpenRouter that keep
 * the providers' paths are recognised too), or null when it is not a generation endpoint. Counting endpoints
 * (`/v1/messages/count_tokens`, `/v1/responses/input_tokens`) are not requests the bill is made of.
 */
export function providerOfUrl(url: string): ProviderId | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const path = parsed.pathname.replace(/\/+$/, "");
  const host = parsed.hostname.toLowerCase();
  if (/\/messages$/.test(path) && (host.endsWith("anthropic.com") || /\/v1\/messages$/.test(path))) return "anthropic";
  if (/\/responses$/.test(path)) return "openai-responses";
  if (/\/chat\/completions$/.test(path)) return /moonshot|kimi/.test(host) ? "moonshot" : "openai-chat";
  return null;
}

/**
 * The provider API a request body was written for, from its shape, or null for a shape none of them has:
 * - Responses: `input` or `instructions` and no `messages`;
 * - Anthropic Messages: `messages` plus a top-level `system`, typed content blocks (`tool_use`, `tool_result`), tools
 *   with `input_schema`, or a `claude-` model;
 * - Chat Completions: `messages` otherwise; a `kimi-`/`moonshot-` model means Moonshot.
 */
export function providerOfBody(body: Json): ProviderId | null {
  const model = typeof body.model === "string" ? body.model.toLowerCase() : "";
  if (!Array.isArray(body.messages)) {
    if (body.input !== undefined || typeof body.instructions === "string") return "openai-responses";
    return null;
  }
  if (model.startsWith("claude")) return "anthropic";
  if (body.system !== undefined) return "anthropic";
  const tools = Array.isArray(body.tools) ? (body.tools as unknown[]) : [];
  if (tools.some((tool) => isRecord(tool) && tool.input_schema !== undefined)) return "anthropic";
  for (const message of body.messages as unknown[]) {
    const content = isRecord(message) ? message.content : undefined;
    if (!Array.isArray(content)) continue;
    if (
      content.some((block) => isRecord(block) && ["tool_use", "tool_result", "thinking"].includes(String(block.type)))
    )
      return "anthropic";
  }
  if (model.startsWith("kimi") || model.startsWith("moonshot")) return "moonshot";
  return "openai-chat";
}

function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
