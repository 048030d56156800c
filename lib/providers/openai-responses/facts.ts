import type { ProviderFacts } from "../types";

export const openaiResponsesFacts: ProviderFacts = {
  id: "openai-responses",
  name: "OpenAI Responses",
  pickerName: "OpenAI Responses",
  apiName: "Responses",
  vendor: "OpenAI",
  account: "openai",
  keyVariable: "OPENAI_API_KEY",
  fakeBasePath: "/v1",
  compatibleServers: true,
  callIdPrefix: "call_sim_",
  explicitCacheBreakpoints: false,
  messageOverheadTokens: 0,
  cacheLifetimeChoice: false,
  deferredTools: true,
  toolNamespaces: true,
  tokenCountEndpoint: "any",
  endpointChoice: false,
  betas: false,
  golden: { model: "gpt-5.4", sdkRequestType: "ResponseCreateParamsNonStreaming" },
};
