import { compatibleChatAdapter } from "../openai-chat/compatible-adapter";
import { glmFacts } from "./facts";

export const glmChat = compatibleChatAdapter(glmFacts, "glm");
