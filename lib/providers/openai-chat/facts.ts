import { OPENAI_TAP } from "../openai-tap";
import { chatFacts } from "./compatible-facts";

export const openaiChatFacts = chatFacts(
  {
    id: "openai-chat",
    name: "OpenAI Chat Completions",
    pickerName: "OpenAI Chat Completions",
    vendor: "OpenAI",
    account: "openai",
    keyVariable: "OPENAI_API_KEY",
    modelNamePrefixes: [],
    goldenModel: "gpt-5.4",
  },
  {
    fakeBasePath: "/v1",
    compatibleServers: true,
    endpointChoice: true,
    tap: { ...OPENAI_TAP, recordedPath: /(^|\/)chat\/completions$/ },
  },
);
