import { compatibleChatFacts } from "../openai-chat/compatible-facts";

export const deepseekFacts = compatibleChatFacts({
  id: "deepseek",
  name: "DeepSeek",
  pickerName: "DeepSeek",
  vendor: "DeepSeek",
  account: "deepseek",
  keyVariable: "DEEPSEEK_API_KEY",
  modelNamePrefixes: ["deepseek"],
  goldenModel: "deepseek-v4-flash",
  baseUrl: "https://api.deepseek.com",
  tapEnv: "TAP_DEEPSEEK_UPSTREAM",
});
