import type { ProviderAdapter, ProviderFacts } from "../types";
import { chatBodyReader } from "./body-reader";
import { chatBodySegments } from "./openai-chat-body-segments";
import { chatEndpoint } from "./chat-dialects";
import {
  chatResponse,
  chatToolText,
  chatTurnLayout,
  createChatRenderer,
  outputText,
  type ChatDialect,
} from "./openai-chat";
import { readChatReply } from "./reply-reader";
import { createChatAccumulator } from "./stream";
import { chatStreamOpener } from "./upstream";
import { readChatUsage } from "./usage";

/**
 * The adapter of a provider that speaks Chat Completions in its own dialect (DeepSeek, Qwen, GLM): the chat
 * renderer, reader and stream folded with that dialect's endpoint, cache order and usage fields. All three send
 * usage on a stream's last chunk when asked with `stream_options.include_usage`, as OpenAI does.
 */
export function compatibleChatAdapter(facts: ProviderFacts, dialect: ChatDialect): ProviderAdapter {
  return {
    ...facts,
    label: `${facts.pickerName} Chat Completions`,
    endpoint: chatEndpoint(dialect),
    renderRequest: createChatRenderer(dialect),
    segmentBody: chatBodySegments,
    body: chatBodyReader,
    readUsage: readChatUsage,
    readReply: readChatReply,
    createStreamAccumulator: createChatAccumulator,
    turnLayout: chatTurnLayout,
    openStream: chatStreamOpener(true),
    toolText: chatToolText,
    renderResponse: chatResponse(dialect),
    outputText,
  };
}
