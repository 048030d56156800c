import type { TapFacts } from "./types";

/** The one tap both OpenAI wire formats are reached through, as one base URL serves both in the OpenAI SDK. */
export const OPENAI_TAP: Omit<TapFacts, "recordedPath"> = {
  id: "openai",
  label: "OpenAI",
  mount: "/tap/openai/v1",
  upstreamEnv: "TAP_OPENAI_UPSTREAM",
  defaultUpstream: "https://api.openai.com/v1",
};
