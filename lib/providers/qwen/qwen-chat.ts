import { compatibleChatAdapter } from "../openai-chat/compatible-adapter";
import { qwenFacts } from "./facts";

export const qwenChat = compatibleChatAdapter(qwenFacts, "qwen");
