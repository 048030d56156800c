import type { ProviderFacts } from "../types";

export const anthropicFacts: ProviderFacts = {
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
  cacheLifetimeChoice: true,
  deferredTools: true,
  toolNamespaces: false,
  tokenCountEndpoint: "any",
  endpointChoice: false,
  betas: true,
  golden: { model: "claude-opus-4-8", sdkRequestType: "MessageCreateParamsNonStreaming" },
};
