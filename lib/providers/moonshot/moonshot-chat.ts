import { chatAdapter, outputText } from "../openai-chat/openai-chat";
import { moonshotFacts } from "./facts";
import { simulatedReasoning } from "./kimi-reasoning";

/** Moonshot speaks OpenAI's Chat Completions with Kimi's extensions: the chat renderer in its Moonshot dialect. */
export const moonshotChat = chatAdapter(moonshotFacts, "moonshot", {
  label: "Moonshot (Kimi) Chat Completions",
  askUsage: false,
  // Every Moonshot model in the table reasons: its reasoning is output tokens, billed like the answer.
  outputText: (blocks) => `${simulatedReasoning(blocks)}\n${outputText(blocks)}`,
});
