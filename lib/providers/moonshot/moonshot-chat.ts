import { chatBodyReader } from "../openai-chat/body-reader";
import { readChatReply } from "../openai-chat/reply-reader";
import { createChatAccumulator } from "../openai-chat/stream";
import { chatStreamOpener } from "../openai-chat/upstream";
import { readChatUsage } from "../openai-chat/usage";
import { chatBodySegments } from "../openai-chat/openai-chat-body-segments";
import { chatResponse, chatToolText, chatTurnLayout, createChatRenderer, outputText } from "../openai-chat/openai-chat";
import type { ProviderAdapter } from "../types";
import { moonshotFacts } from "./facts";
import { simulatedReasoning } from "./kimi-reasoning";

/** Moonshot speaks OpenAI's Chat Completions with Kimi's extensions: the chat renderer in its Moonshot dialect. */
export const moonshotChat: ProviderAdapter = {
  ...moonshotFacts,
  label: "Moonshot (Kimi) Chat Completions",
  endpoint: "https://api.moonshot.ai/v1/chat/completions",
  renderRequest: createChatRenderer("moonshot"),
  segmentBody: chatBodySegments,
  body: chatBodyReader,
  readUsage: readChatUsage,
  readReply: readChatReply,
  createStreamAccumulator: createChatAccumulator,
  turnLayout: chatTurnLayout,
  openStream: chatStreamOpener(false),
  toolText: chatToolText,
  renderResponse: chatResponse("moonshot"),
  // Every Moonshot model in the table reasons: its reasoning is output tokens, billed like the answer.
  outputText: (blocks) => `${simulatedReasoning(blocks)}\n${outputText(blocks)}`,
};
