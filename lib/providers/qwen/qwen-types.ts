/**
 * Qwen's Chat Completions body in DashScope's compatible mode: OpenAI's request type, with the explicit cache's
 * `"cache_control": {"type": "ephemeral"}` allowed on a message's text part (help.aliyun.com/zh/model-studio/
 * context-cache), which the OpenAI SDK's types do not know. The golden requests are checked against it.
 */
import type {
  ChatCompletionContentPartText,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";

export type QwenTextPart = ChatCompletionContentPartText & { cache_control?: { type: "ephemeral" } };

/** A message whose content may also be text parts carrying a marker; every other field as OpenAI types it. */
type MarkedMessage<M> = M extends unknown
  ? { [K in keyof M]: K extends "content" ? M[K] | QwenTextPart[] : M[K] }
  : never;

export type QwenChatCompletionCreateParams = Omit<ChatCompletionCreateParamsNonStreaming, "messages"> & {
  messages: MarkedMessage<ChatCompletionMessageParam>[];
};
