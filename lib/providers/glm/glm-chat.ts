import { chatAdapter } from "../openai-chat/openai-chat";
import { glmFacts } from "./facts";

export const glmChat = chatAdapter(glmFacts, "glm");
