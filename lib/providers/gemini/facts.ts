import { providerModelFacts } from "../../core/provider-models";
import type { ProviderFacts } from "../types";

export const geminiFacts: ProviderFacts = {
  ...providerModelFacts("gemini"),
  id: "gemini",
  name: "Gemini API",
  pickerName: "Google Gemini API",
  apiName: "generateContent",
  vendor: "Google",
  account: "google",
  keyVariable: "GEMINI_API_KEY",
  fakeBasePath: "/gemini/v1beta",
  compatibleServers: false,
  callIdPrefix: "call_sim_",
  explicitCacheBreakpoints: false,
  messageOverheadTokens: 0,
  deferredTools: false,
  toolNamespaces: false,
  // models.countTokens exists, but the server's count route does not call it yet.
  tokenCountEndpoint: "none",
  tokenCounter: null,
  bodyShape: "generate-content",
  modelNamePrefixes: ["gemini"],
  openBilling: [],
  endpointChoice: false,
  betas: false,
  golden: { model: "gemini-2.5-flash", sdkRequestType: "GeminiGenerateContentRequest" },
  tap: {
    mount: "/tap/gemini",
    env: "TAP_GEMINI_UPSTREAM",
    defaultUpstream: "https://generativelanguage.googleapis.com",
    label: "Google Gemini",
  },
};
