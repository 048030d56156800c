import { chatFacts } from "../openai-chat/compatible-facts";

export const glmFacts = chatFacts({
  id: "glm",
  name: "GLM (BigModel)",
  pickerName: "GLM (Zhipu BigModel)",
  vendor: "Zhipu",
  account: "zhipu",
  keyVariable: "ZHIPUAI_API_KEY",
  modelNamePrefixes: ["glm"],
  goldenModel: "glm-5.3",
  tap: { baseUrl: "https://open.bigmodel.cn/api/paas/v4", env: "TAP_GLM_UPSTREAM" },
});
