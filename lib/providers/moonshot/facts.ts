import { chatFacts } from "../openai-chat/compatible-facts";

export const moonshotFacts = chatFacts(
  {
    id: "moonshot",
    name: "Moonshot Kimi",
    pickerName: "Moonshot (Kimi)",
    vendor: "Moonshot",
    account: "moonshot",
    keyVariable: "MOONSHOT_API_KEY",
    modelNamePrefixes: ["kimi", "moonshot"],
    goldenModel: "kimi-k3",
  },
  {
    apiName: "Kimi API",
    fakeBasePath: "/moonshot/v1",
    tokenCountEndpoint: "official",
    tokenCounter: "tokenizers-estimate",
    golden: { model: "kimi-k3", sdkRequestType: "MoonshotChatCompletionCreateParams" },
    tap: {
      id: "moonshot",
      label: "Kimi (Moonshot)",
      mount: "/tap/moonshot/v1",
      upstreamEnv: "TAP_MOONSHOT_UPSTREAM",
      defaultUpstream: "https://api.moonshot.ai/v1",
      recordedPath: /(^|\/)chat\/completions$/,
    },
  },
);
