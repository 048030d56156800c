import { chatAdapter } from "../openai-chat/openai-chat";
import { deepseekFacts } from "./facts";

export const deepseekChat = chatAdapter(deepseekFacts, "deepseek");
