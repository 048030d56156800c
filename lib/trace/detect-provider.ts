import { PROVIDER_IDS, type ProviderId } from "../core/ids";
import { providerFacts, type ProviderFacts } from "../providers/facts";

type Json = Record<string, unknown>;

/**
 * The provider API a URL calls, from its path (so proxies and gateways such as LiteLLM or OpenRouter that keep
 * the providers' paths are recognised too), or null when it is not a generation endpoint. Counting endpoints
 * (`/v1/messages/count_tokens`, `/v1/responses/input_tokens`) are not requests the bill is made of. Claude on
 * Amazon Bedrock (`/model/<id>/invoke`) and Google Vertex AI (`…/publishers/anthropic/models/<id>:rawPredict`) take
 * Messages bodies too.
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
  if (modelOfUrl(url)?.includes("claude")) return "anthropic";
  if (/\/responses$/.test(path)) return "openai-responses";
  // Gemini API: `/v1beta/models/<model>:generateContent` or `:streamGenerateContent`.
  if (/\/models\/[^/]+:(?:streamG|g)enerateContent$/.test(path)) return "gemini";
  if (/\/chat\/completions$/.test(path)) return /moonshot|kimi/.test(host) ? "moonshot" : "openai-chat";
  return null;
}

/**
 * The model a URL names, for the platforms that put it there instead of in the body: Bedrock
 * (`/model/<id>/invoke`, `/invoke-with-response-stream`, `/converse` is another API) and Vertex AI
 * (`/publishers/anthropic/models/<id>:rawPredict` or `:streamRawPredict`).
 */
export function modelOfUrl(url: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url).pathname);
  } catch {
    return null;
  }
  const bedrock = /\/model\/([^/]+)\/invoke(?:-with-response-stream)?$/.exec(path);
  if (bedrock) return bedrock[1];
  const vertex = /\/publishers\/anthropic\/models\/([^/:]+):(?:stream)?rawPredict$/i.exec(path);
  if (vertex) return vertex[1];
  const gemini = /\/models\/([^/:]+):(?:streamG|g)enerateContent$/.exec(path);
  return gemini ? gemini[1] : null;
}

/**
 * The provider of one request from its URL and body together. The URL's path names the API; on a gateway
 * (OpenRouter, LiteLLM, a local proxy) a Chat Completions call to a `kimi-` model is Moonshot's, whose usage and
 * cache rules differ from OpenAI's. Without a recognised URL, the body's shape decides.
 */
export function providerOfRequest(url: string | null, body: Json): ProviderId | null {
  const fromUrl = url ? providerOfUrl(url) : null;
  return fromUrl ? (modelOwnerOfShape(fromUrl, body.model) ?? fromUrl) : providerOfBody(body);
}

/** Another provider that speaks the URL's body shape and claims the model by its name (`modelNamePrefixes`). */
function modelOwnerOfShape(fromUrl: ProviderId, model: unknown): ProviderId | undefined {
  const shape = providerFacts(fromUrl).bodyShape;
  return PROVIDER_IDS.find(
    (id) => id !== fromUrl && providerFacts(id).bodyShape === shape && namesModel(providerFacts(id), model),
  );
}

/** Whether a model name, without a gateway's `vendor/` prefix, starts as the provider's own models do. */
function namesModel(facts: ProviderFacts, model: unknown): boolean {
  if (typeof model !== "string") return false;
  const name = model.toLowerCase().split("/").pop() ?? "";
  return facts.modelNamePrefixes.some((prefix) => name.startsWith(prefix));
}

/**
 * The provider API a request body was written for, from its shape, or null for a shape none of them has:
 * - Responses: `input` or `instructions` and no `messages`;
 * - Anthropic Messages: `messages` plus a top-level `system`, typed content blocks (`tool_use`, `tool_result`), tools
 *   with `input_schema`, a `claude-` model, or `anthropic_version` (the Bedrock and Vertex AI bodies, which name no
 *   model);
 * - Gemini generateContent: `contents` and no `messages`;
 * - Chat Completions: `messages` otherwise; a model named as a compatible provider's (`kimi-`, `deepseek-`, `qwen`,
 *   `glm-`) means that provider.
 */
export function providerOfBody(body: Json): ProviderId | null {
  const model = typeof body.model === "string" ? body.model.toLowerCase() : "";
  if (!Array.isArray(body.messages)) {
    if (body.input !== undefined || typeof body.instructions === "string") return "openai-responses";
    if (Array.isArray(body.contents)) return "gemini";
    return null;
  }
  if (model.startsWith("claude")) return "anthropic";
  if (body.system !== undefined || typeof body.anthropic_version === "string") return "anthropic";
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
  return (
    PROVIDER_IDS.find(
      (id) => providerFacts(id).bodyShape === "chat-completions" && namesModel(providerFacts(id), model),
    ) ?? "openai-chat"
  );
}

function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
