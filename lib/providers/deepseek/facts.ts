import { chatFacts } from "../openai-chat/compatible-facts";

export const deepseekFacts = chatFacts({
  id: "deepseek",
  name: "DeepSeek",
  pickerName: "DeepSeek",
  vendor: "DeepSeek",
  account: "deepseek",
  keyVariable: "DEEPSEEK_API_KEY",
  modelNamePrefixes: ["deepseek"],
  goldenModel: "deepseek-v4-flash",
  tap: { baseUrl: "https://api.deepseek.com", env: "TAP_DEEPSEEK_UPSTREAM" },
});
