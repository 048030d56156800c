/**
 * How to point an agent at the tap: one line per client, each changing only the base URL. Shown on the Tap view
 * (with a copy button) and in the README's "Watch your own agent"; pure, so the page imports it.
 */
import { PROVIDER_IDS } from "../core/ids";
import { providerFacts } from "../providers/facts";
import { TAP_ENDPOINTS, type TapId } from "./upstreams";

export type ConnectionLine = { id: string; label: string; line: string };

/** The lines an agent's user sets to route it through the tap of a server at `origin`. */
export function connectionLines(origin: string): ConnectionLine[] {
  const base = (tap: TapId) => `${origin}${TAP_ENDPOINTS[tap].mount}`;
  const gemini = providerFacts("gemini");
  return [
    { id: "claude-code", label: "Claude Code", line: `ANTHROPIC_BASE_URL=${base("anthropic")} claude` },
    { id: "codex", label: "Codex", line: `OPENAI_BASE_URL=${base("openai")} codex` },
    {
      id: "anthropic-sdk",
      label: "Anthropic SDK",
      line: `new Anthropic({ baseURL: "${base("anthropic")}" })`,
    },
    {
      id: "openai-sdk",
      label: "OpenAI SDK",
      line: `new OpenAI({ baseURL: "${base("openai")}" })`,
    },
    // The Google Gen AI SDKs (and Gemini CLI, built on the JavaScript one) read GOOGLE_GEMINI_BASE_URL; in code, the
    // JavaScript SDK takes the base URL as `httpOptions.baseUrl`.
    {
      id: "gemini-cli",
      label: "Gemini CLI",
      line: `GOOGLE_GEMINI_BASE_URL=${base(gemini.tap.id)} gemini`,
    },
    {
      id: "google-genai-sdk",
      label: "Gemini SDK",
      line: `new GoogleGenAI({ apiKey: process.env.${gemini.keyVariable}, httpOptions: { baseUrl: "${base(gemini.tap.id)}" } })`,
    },
    // Every other Chat Completions API (Kimi, DeepSeek, Qwen, GLM…) through the OpenAI SDK, with its own key.
    ...PROVIDER_IDS.map(providerFacts)
      .filter((facts) => facts.bodyShape === "chat-completions" && facts.tap.id !== "openai")
      .map((facts) => ({
        id: facts.id,
        // The name without its parenthesis ("Qwen", not "Qwen (Model Studio)"): a product name in every language.
        label: facts.name.replace(/\s*\(.*\)$/, ""),
        line: `new OpenAI({ baseURL: "${base(facts.tap.id)}", apiKey: process.env.${facts.keyVariable} })`,
      })),
  ];
}
