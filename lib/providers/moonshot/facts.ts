import { providerModelFacts } from "../../core/provider-models";
import { OPENAI_MESSAGE_OVERHEAD_TOKENS } from "../../tokens/openai-overheads";
import type { ProviderFacts } from "../types";

export const moonshotFacts: ProviderFacts = {
  ...providerModelFacts("moonshot"),
  id: "moonshot",
  name: "Moonshot Kimi",
  pickerName: "Moonshot (Kimi)",
  apiName: "Kimi API",
  vendor: "Moonshot",
  account: "moonshot",
  keyVariable: "MOONSHOT_API_KEY",
  fakeBasePath: "/moonshot/v1",
  compatibleServers: false,
  callIdPrefix: "call_sim_",
  explicitCacheBreakpoints: false,
  messageOverheadTokens: OPENAI_MESSAGE_OVERHEAD_TOKENS,
  deferredTools: false,
  toolNamespaces: false,
  tokenCountEndpoint: "official",
  tokenCounter: "tokenizers-estimate",
  bodyShape: "chat-completions",
  modelNamePrefixes: ["kimi", "moonshot"],
  openBilling: [],
  endpointChoice: false,
  betas: false,
  golden: { model: "kimi-k3", sdkRequestType: "MoonshotChatCompletionCreateParams" },
  tap: {
    id: "moonshot",
    label: "Kimi (Moonshot)",
    mount: "/tap/moonshot/v1",
    upstreamEnv: "TAP_MOONSHOT_UPSTREAM",
    defaultUpstream: "https://api.moonshot.ai/v1",
    recordedPath: /(^|\/)chat\/completions$/,
  },
};
