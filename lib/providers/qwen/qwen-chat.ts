import { chatAdapter } from "../openai-chat/openai-chat";
import { qwenFacts } from "./facts";

export const qwenChat = chatAdapter(qwenFacts, "qwen");
