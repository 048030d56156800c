/**
 * How to point an agent at the tap: one line per client, each changing only the base URL. Shown on the Tap view
 * (with a copy button) and in the README's "Watch your own agent"; pure, so the page imports it.
 */
import { TAP_ENDPOINTS, type TapId } from "./upstreams";

export type ConnectionLine = { id: string; label: string; line: string };

/** The lines an agent's user sets to route it through the tap of a server at `origin`. */
export function connectionLines(origin: string): ConnectionLine[] {
  const base = (tap: TapId) => `${origin}${TAP_ENDPOINTS[tap].mount}`;
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
    {
      id: "kimi",
      label: "Kimi (Moonshot)",
      line: `new OpenAI({ baseURL: "${base("moonshot")}", apiKey: process.env.MOONSHOT_API_KEY })`,
    },
  ];
}
