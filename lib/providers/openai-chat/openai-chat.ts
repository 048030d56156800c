import type { CatalogTool } from "../../core/catalog";
import type { EngineWarning } from "../../core";
import type { ToolEntry, Transcript, TranscriptBlock, TranscriptMessage } from "../../core";
import { OPENAI_MESSAGE_OVERHEAD_TOKENS } from "../../tokens";
import { chatFunction } from "../openai-function";
import { simulatedReasoning } from "../moonshot/kimi-reasoning";
import { chatBodySegments, chatMessagePromptText } from "./openai-chat-body-segments";
import { SegmentList } from "../segment-list";
import { renderPlainTool } from "../top-level-tool";
import type {
  ProviderAdapter,
  ProviderFacts,
  RenderContext,
  RenderedRequest,
  SimulatedUsage,
  TurnLayout,
} from "../types";
import { chatBodyReader } from "./body-reader";
import { openaiChatFacts } from "./facts";
import { readChatReply } from "./reply-reader";
import { createChatAccumulator } from "./stream";
import { chatStreamOpener } from "./upstream";
import { readChatUsage } from "./usage";
import { CHAT_DIALECTS as DIALECTS, chatEndpoint, type ChatDialect } from "./chat-dialects";

type Json = Record<string, unknown>;

/** Kimi's documented limits (platform.kimi.ai/docs/api/tool-use, PROTOCOLS §3.3). */
export const KIMI_MAX_TOOLS = 128;
export const KIMI_FUNCTION_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9-_]{2,63}$/;

export type { ChatDialect };

const CHAT_FORMAT = { key: "chat", prefix: "chat-completions", name: "Chat Completions" };

/** Each dialect memoises its own segments: two dialects on one tokenizer still count their own tools. */
function renderTool(dialect: ChatDialect, entry: ToolEntry, path: string, list: SegmentList): Json {
  return renderPlainTool({ ...CHAT_FORMAT, key: `chat-${dialect}` }, entry, path, list, chatFunction);
}

/** Turns one transcript message into Chat Completions messages (tool results become `role: "tool"` messages). */
function renderMessage(
  message: TranscriptMessage,
  context: RenderContext,
  dialect: ChatDialect,
): Array<{ wire: Json; text: string; definitions?: string; label: string }> {
  if (message.role === "added-tools") {
    if (dialect !== "moonshot") throw new Error("chat-completions: tool declaration messages are a Kimi K3 extension");
    if (message.removedToolNames?.length)
      throw new Error("chat-completions: Kimi has no message that withdraws a declared tool");
    const tools = message.toolNames.flatMap((name) => {
      const tool = context.catalogByName.get(name);
      return tool ? [chatFunction(tool, "full")] : [];
    });
    const definitions = tools.map((tool) => tool.text).join("\n");
    // Moonshot's rule: role "system", a non-empty tools array, and no content key at all (PROTOCOLS §3.1).
    return [
      {
        wire: { role: "system", tools: tools.map((tool) => tool.wire) },
        text: definitions,
        definitions,
        label: `system: declare ${message.toolNames.join(", ")}`,
      },
    ];
  }
  if (message.role === "assistant") {
    const text = message.blocks
      .filter((block) => block.type === "text")
      .map((block) => (block as { text: string }).text)
      .join("\n");
    const calls = message.blocks.filter(
      (block): block is Extract<TranscriptBlock, { type: "tool-call" }> => block.type === "tool-call",
    );
    if (message.blocks.some((block) => block.type !== "text" && block.type !== "tool-call"))
      throw new Error("chat-completions: provider-native search blocks cannot be sent over Chat Completions");
    const wire: Json = { role: "assistant", content: text || null };
    // Thinking models refuse a tool-call turn replayed without its reasoning (400 "reasoning_content is missing",
    // PROTOCOLS §9), and K3's guide says to send back the complete assistant message: every turn carries it, as the
    // model wrote it, and it is prompt input from then on.
    if (dialect === "moonshot" && context.model.reasoning?.value.replayOnToolCalls)
      wire.reasoning_content = simulatedReasoning(message.blocks);
    if (calls.length > 0)
      wire.tool_calls = calls.map((call) => ({
        id: call.id,
        type: "function",
        function: { name: call.name, arguments: JSON.stringify(call.input) },
      }));
    return [
      {
        wire,
        text: JSON.stringify(wire),
        label: calls.length ? `assistant calls ${calls.map((call) => call.name).join(", ")}` : "assistant answer",
      },
    ];
  }
  return message.blocks.map((block) => {
    if (block.type === "text")
      return { wire: { role: "user", content: block.text }, text: block.text, label: "user message" };
    if (block.type === "tool-result")
      return {
        wire: { role: "tool", tool_call_id: block.callId, content: block.content },
        text: block.content,
        label: `tool result ${block.toolName}`,
      };
    throw new Error(`chat-completions: block ${block.type} cannot be sent over Chat Completions`);
  });
}

export function createChatRenderer(dialect: ChatDialect) {
  return function renderRequest(transcript: Transcript, context: RenderContext): RenderedRequest {
    const warnings: EngineWarning[] = [];
    const list = new SegmentList(context.counter);
    const messages: Json[] = [{ role: "system", content: transcript.system }];
    const addSystem = () =>
      list.add({ path: "messages[0]", label: "system message", group: "system", promptText: transcript.system });
    // Cache order. OpenAI: the system message, then the tools rendered after it (harmony layout), then the
    // conversation. Moonshot: Kimi's chat template declares the tools before the system prompt (secondary source:
    // the published Kimi chat template, PROTOCOLS §9), so the tools come first; GLM's template does the same.
    const wire = DIALECTS[dialect];
    if (!wire.toolsFirst) addSystem();
    const tools = list.addTools(`chat-${dialect}`, transcript.tools, () =>
      transcript.tools.map((entry, index) => renderTool(dialect, entry, `tools[${index}]`, list)),
    );
    if (wire.toolsFirst) addSystem();
    for (const message of transcript.messages) {
      for (const rendered of renderMessage(message, context, dialect)) {
        // The same prompt text a recorded body's message gets (an imported trace), so both are cached alike.
        const prompt = chatMessagePromptText(rendered.wire, () => undefined);
        list.add({
          path: `messages[${messages.length}]`,
          label: rendered.label,
          group: "messages",
          promptText: prompt.text,
          toolDefinitionText: prompt.definitions,
        });
        messages.push(rendered.wire);
      }
    }
    for (const segment of list.segments)
      if (segment.group === "messages" || segment.group === "system") segment.tokens += OPENAI_MESSAGE_OVERHEAD_TOKENS;
    if (dialect === "moonshot") checkKimiLimits(transcript, warnings);
    const body: Json = { model: context.model.id, messages };
    // Moonshot's native API takes max_tokens; K3 documents max_completion_tokens (reasoning counts toward it)
    // and reasoning_effort, whose only value is "max" (lib/models/moonshot-models.ts cites both).
    const reasoning = context.model.reasoning?.value;
    body[reasoning?.maxTokensField ?? wire.maxTokensField] = context.settings.maxOutputTokens;
    if (dialect === "moonshot") {
      if (reasoning?.effort) body.reasoning_effort = reasoning.effort;
      body.prompt_cache_key = "tool-disclosure-playground";
    }
    if (tools.length > 0) body.tools = tools;
    if (context.settings.toolChoice !== "auto" && tools.length > 0)
      body.tool_choice = context.settings.toolChoice === "any" ? "required" : "none";
    const last = list.lastPromptIndex();
    if (last >= 0) list.markBreakpoint(last);
    const authorization = `Bearer $${wire.keyVariable}`;
    return {
      request: { method: "POST", url: wire.url, headers: { "content-type": "application/json", authorization }, body },
      segments: list.segments,
      warnings,
    };
  };
}

function checkKimiLimits(transcript: Transcript, warnings: EngineWarning[]): void {
  const topLevel = transcript.tools.filter(
    (entry) => entry.type === "catalog" || entry.type === "stub" || entry.type === "helper",
  ) as Array<{ tool: CatalogTool }>;
  if (topLevel.length > KIMI_MAX_TOOLS) {
    warnings.push({
      code: "kimi-too-many-tools",
      message: `Kimi accepts at most ${KIMI_MAX_TOOLS} functions in tools; this request has ${topLevel.length} and would be rejected.`,
    });
  }
  const badNames = topLevel.map((entry) => entry.tool.name).filter((name) => !KIMI_FUNCTION_NAME_PATTERN.test(name));
  if (badNames.length > 0) {
    warnings.push({
      code: "kimi-function-name",
      message: `Kimi function names must match ${KIMI_FUNCTION_NAME_PATTERN.source}: ${badNames.slice(0, 5).join(", ")}${badNames.length > 5 ? "…" : ""}`,
    });
  }
}

export function chatResponse(dialect: ChatDialect) {
  return (
    blocks: TranscriptBlock[],
    usage: SimulatedUsage,
    context: RenderContext,
    responseId: string,
  ): Record<string, unknown> => {
    const text = blocks
      .filter((block) => block.type === "text")
      .map((block) => (block as { text: string }).text)
      .join("\n");
    const calls = blocks.filter(
      (block): block is Extract<TranscriptBlock, { type: "tool-call" }> => block.type === "tool-call",
    );
    const prompt = usage.uncached + usage.cacheRead + usage.cacheWrite;
    const message: Json = { role: "assistant", content: text || null, refusal: null };
    if (dialect === "moonshot" && context.model.reasoning) message.reasoning_content = simulatedReasoning(blocks);
    if (calls.length)
      message.tool_calls = calls.map((call) => ({
        id: call.id,
        type: "function",
        function: { name: call.name, arguments: JSON.stringify(call.input) },
      }));
    const usageBody: Json = {
      prompt_tokens: prompt,
      completion_tokens: usage.output,
      total_tokens: prompt + usage.output,
    };
    const reporting = DIALECTS[dialect].usage;
    // Moonshot reports cached_tokens directly inside usage (PROTOCOLS §3.4); DeepSeek its hits and misses side by
    // side (api-docs.deepseek.com/guides/kv_cache); OpenAI, Qwen and GLM inside prompt_tokens_details.
    if (reporting === "moonshot") usageBody.cached_tokens = usage.cacheRead;
    else if (reporting === "deepseek") {
      usageBody.prompt_cache_hit_tokens = usage.cacheRead;
      usageBody.prompt_cache_miss_tokens = prompt - usage.cacheRead;
    } else
      usageBody.prompt_tokens_details = {
        cached_tokens: usage.cacheRead,
        ...(usage.writesBilled ? { cache_write_tokens: usage.cacheWrite } : {}),
        // Qwen's explicit cache reports the prefix a marker created (help.aliyun.com/zh/model-studio/context-cache).
        ...(dialect === "qwen" && usage.cacheWrite > 0 ? { cache_creation_input_tokens: usage.cacheWrite } : {}),
      };
    return {
      id: responseId,
      object: "chat.completion",
      created: 0,
      model: context.model.id,
      choices: [{ index: 0, message, finish_reason: calls.length ? "tool_calls" : "stop", logprobs: null }],
      usage: usageBody,
    };
  };
}

/**
 * A leading system message, then one message per user block (tool results are `role: "tool"` messages), one per
 * assistant turn and one per added-tools message; the raw turn is one assistant message.
 */
export const chatTurnLayout: TurnLayout = {
  listKey: "messages",
  leading: 1,
  span: (message) => (message.role === "assistant" || message.role === "added-tools" ? 1 : message.blocks.length),
  replace: (_original, raw) => [raw],
};

/** Chat Completions has no deferred tools: a deferred catalog entry is refused, so it counts nothing. */
export function chatToolText(tool: CatalogTool, variant: "full" | "stub" | "deferred"): string | null {
  return variant === "deferred" ? null : chatFunction(tool, variant).text;
}

export function outputText(blocks: TranscriptBlock[]): string {
  return blocks
    .map((block) =>
      block.type === "text"
        ? block.text
        : block.type === "tool-call"
          ? `${block.name}(${JSON.stringify(block.input)})`
          : "",
    )
    .join("\n");
}

/**
 * The adapter of a Chat Completions dialect: the chat renderer, reader and stream folded with that dialect's
 * endpoint, cache order and usage fields. OpenAI, DeepSeek, Qwen and GLM send usage on a stream's last chunk when
 * asked with `stream_options.include_usage`; Moonshot puts it in the final chunk anyway and does not document it.
 */
export function chatAdapter(
  facts: ProviderFacts,
  dialect: ChatDialect,
  options: { label?: string; askUsage?: boolean; outputText?: ProviderAdapter["outputText"] } = {},
): ProviderAdapter {
  return {
    ...facts,
    label: options.label ?? `${facts.pickerName} Chat Completions`,
    endpoint: chatEndpoint(dialect),
    renderRequest: createChatRenderer(dialect),
    segmentBody: chatBodySegments,
    body: chatBodyReader,
    readUsage: readChatUsage,
    readReply: readChatReply,
    createStreamAccumulator: createChatAccumulator,
    turnLayout: chatTurnLayout,
    openStream: chatStreamOpener(options.askUsage ?? true),
    toolText: chatToolText,
    renderResponse: chatResponse(dialect),
    outputText: options.outputText ?? outputText,
  };
}

export const openaiChat = chatAdapter(openaiChatFacts, "openai", {
  label: "OpenAI Chat Completions (and compatible servers)",
});
