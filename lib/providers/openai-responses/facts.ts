import { providerModelFacts } from "../../core/provider-models";
import { OPENAI_TAP } from "../openai-tap";
import type { ProviderFacts } from "../types";

export const openaiResponsesFacts: ProviderFacts = {
  ...providerModelFacts("openai-responses"),
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
  deferredTools: true,
  toolNamespaces: true,
  tokenCountEndpoint: "any",
  tokenCounter: "responses-input-tokens",
  bodyShape: "responses",
  modelNamePrefixes: [],
  openBilling: [],
  endpointChoice: false,
  betas: false,
  golden: { model: "gpt-5.4", sdkRequestType: "ResponseCreateParamsNonStreaming" },
  tap: { ...OPENAI_TAP, recordedPath: /(^|\/)responses$/ },
};
