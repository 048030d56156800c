import { providerModelFacts } from "../../core/provider-models";
import type { ProviderFacts } from "../types";

export const anthropicFacts: ProviderFacts = {
  ...providerModelFacts("anthropic"),
  id: "anthropic",
  name: "Anthropic Messages",
  pickerName: "Anthropic Messages",
  apiName: "Messages",
  vendor: "Anthropic",
  account: "anthropic",
  keyVariable: "ANTHROPIC_API_KEY",
  fakeBasePath: "",
  compatibleServers: false,
  callIdPrefix: "toolu_sim_",
  explicitCacheBreakpoints: true,
  messageOverheadTokens: 0,
  deferredTools: true,
  toolRemovalMessage: true,
  toolNamespaces: false,
  tokenCountEndpoint: "any",
  tokenCounter: "messages-count-tokens",
  bodyShape: "messages",
  modelNamePrefixes: [],
  openBilling: ["search-continuation", "sonnet-4-6-minimum"],
  endpointChoice: false,
  betas: true,
  golden: { model: "claude-opus-4-8", sdkRequestType: "MessageCreateParamsNonStreaming" },
  tap: {
    id: "anthropic",
    label: "Anthropic",
    mount: "/tap/anthropic",
    upstreamEnv: "TAP_ANTHROPIC_UPSTREAM",
    defaultUpstream: "https://api.anthropic.com",
    // Messages, not messages/count_tokens.
    recordedPath: /(^|\/)messages$/,
  },
};
