import { compatibleChatAdapter } from "../openai-chat/compatible-adapter";
import { deepseekFacts } from "./facts";

export const deepseekChat = compatibleChatAdapter(deepseekFacts, "deepseek");
