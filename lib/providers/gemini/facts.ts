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
  explicitCache: "cached-content",
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
    id: "gemini",
    label: "Google Gemini",
    mount: "/tap/gemini",
    upstreamEnv: "TAP_GEMINI_UPSTREAM",
    defaultUpstream: "https://generativelanguage.googleapis.com",
    // `/v1beta/models/<model>:generateContent` and `:streamGenerateContent`; countTokens and the rest pass unrecorded.
    recordedPath: /:(generateContent|streamGenerateContent)$/,
  },
};
