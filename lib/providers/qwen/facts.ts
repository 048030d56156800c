import { chatFacts } from "../openai-chat/compatible-facts";

export const qwenFacts = chatFacts(
  {
    id: "qwen",
    name: "Qwen (Model Studio)",
    pickerName: "Qwen (Alibaba Cloud Model Studio)",
    vendor: "Alibaba Cloud",
    account: "alibaba",
    keyVariable: "DASHSCOPE_API_KEY",
    modelNamePrefixes: ["qwen", "qwq"],
    goldenModel: "qwen-plus",
    tap: { baseUrl: "https://dashscope.aliyuncs.com/compatible-mode/v1", env: "TAP_QWEN_UPSTREAM" },
  },
  {
    explicitCache: "cache-control-markers",
    // OpenAI's type plus the explicit cache's `cache_control` on a text part (./qwen-types.ts).
    golden: { model: "qwen-plus", sdkRequestType: "QwenChatCompletionCreateParams" },
  },
);
