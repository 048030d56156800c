import { providerModelFacts } from "../../core/provider-models";
import { OPENAI_MESSAGE_OVERHEAD_TOKENS } from "../../tokens/openai-overheads";
import { OPENAI_TAP } from "../openai-tap";
import type { ProviderFacts } from "../types";

export const openaiChatFacts: ProviderFacts = {
  ...providerModelFacts("openai-chat"),
  id: "openai-chat",
  name: "OpenAI Chat Completions",
  pickerName: "OpenAI Chat Completions",
  apiName: "Chat Completions",
  vendor: "OpenAI",
  account: "openai",
  keyVariable: "OPENAI_API_KEY",
  fakeBasePath: "/v1",
  compatibleServers: true,
  callIdPrefix: "call_sim_",
  explicitCacheBreakpoints: false,
  messageOverheadTokens: OPENAI_MESSAGE_OVERHEAD_TOKENS,
  deferredTools: false,
  toolNamespaces: false,
  tokenCountEndpoint: "none",
  tokenCounter: null,
  bodyShape: "chat-completions",
  modelNamePrefixes: [],
  openBilling: [],
  endpointChoice: true,
  betas: false,
  golden: { model: "gpt-5.4", sdkRequestType: "ChatCompletionCreateParamsNonStreaming" },
  tap: { ...OPENAI_TAP, recordedPath: /(^|\/)chat\/completions$/ },
};
