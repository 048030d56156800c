import type { ProviderFacts } from "../types";

export const moonshotFacts: ProviderFacts = {
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
  golden: { model: "kimi-k3", sdkRequestType: "MoonshotChatCompletionCreateParams" },
};
