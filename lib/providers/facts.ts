import type { ProviderId } from "../core/ids";
import { anthropicFacts } from "./anthropic/facts";
import { moonshotFacts } from "./moonshot/facts";
import { deepseekFacts } from "./deepseek/facts";
import { geminiFacts } from "./gemini/facts";
import { glmFacts } from "./glm/facts";
import { qwenFacts } from "./qwen/facts";
import { openaiChatFacts } from "./openai-chat/facts";
import { openaiResponsesFacts } from "./openai-responses/facts";
import type { ProviderFacts } from "./types";

/**
 * The registry of what each wire format is, without its code (the page imports this; the engine and the server
 * import the adapters in ./index.ts). Adding a provider: a folder with its facts and adapter, and one entry here
 * and one in ./index.ts.
 */
const FACTS: Record<ProviderId, ProviderFacts> = {
  anthropic: anthropicFacts,
  "openai-responses": openaiResponsesFacts,
  "openai-chat": openaiChatFacts,
  moonshot: moonshotFacts,
  gemini: geminiFacts,
  deepseek: deepseekFacts,
  qwen: qwenFacts,
  glm: glmFacts,
};

export function providerFacts(id: ProviderId): ProviderFacts {
  return FACTS[id];
}

export type { ProviderAccount, ProviderFacts, TapFacts } from "./types";
