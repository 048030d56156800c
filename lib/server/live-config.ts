/**
 * The live routes' configuration, read from the environment on every request (so tests and a restarted server
 * see changes, and nothing is cached in a module). Node-only; never imported by client code. The variables are
 * listed with comments in .env.example and explained in docs/LIVE.md.
 */
import type { ProviderAccount } from "../providers/facts";
import { serverExposure } from "./exposure";

export type CustomBaseUrlMode = "disabled" | "allow-list" | "any";

export type LiveServerConfig = {
  enabled: boolean;
  /** Keys from the environment; never sent to the browser, never to a URL the browser chose. */
  keys: Partial<Record<ProviderAccount | "compatible", string>>;
  /** The OpenAI-compatible server the owner configured (vLLM, Ollama, OpenRouter, LiteLLM). */
  compatibleBaseUrl?: string;
  /** Official base URLs (Moonshot's can be switched to api.moonshot.cn). */
  officialBaseUrls: Record<ProviderAccount, string>;
  customBaseUrl: { mode: CustomBaseUrlMode; allowList: string[] };
  /** Tests only: every official base URL points at the local fake provider. Loopback URLs only. */
  testProviderBaseUrl?: string;
  timeoutMs: number;
  countTimeoutMs: number;
  maxBodyBytes: number;
  maxOutputTokens: number;
  rateLimit: { perMinute: number; burst: number; globalPerMinute: number };
  /** How many reverse proxies in front of the server append to X-Forwarded-For. */
  trustedProxyHops: number;
  /** Also append log lines to this file (the e2e test reads it to prove no key is logged). */
  logFile?: string;
  /** `PLAYGROUND_LIVE_LOG=off` silences the console lines (the file, if any, is still written). */
  logToConsole: boolean;
};

export const ENV = {
  anthropicKey: "ANTHROPIC_API_KEY",
  openaiKey: "OPENAI_API_KEY",
  moonshotKey: "MOONSHOT_API_KEY",
  moonshotBaseUrl: "MOONSHOT_BASE_URL",
  geminiKey: "GEMINI_API_KEY",
  deepseekKey: "DEEPSEEK_API_KEY",
  dashscopeKey: "DASHSCOPE_API_KEY",
  zhipuKey: "ZHIPUAI_API_KEY",
  compatibleKey: "OPENAI_COMPATIBLE_API_KEY",
  compatibleBaseUrl: "OPENAI_COMPATIBLE_BASE_URL",
  live: "PLAYGROUND_LIVE",
  allowCustomBaseUrl: "PLAYGROUND_ALLOW_CUSTOM_BASE_URL",
  baseUrlAllowList: "PLAYGROUND_BASE_URL_ALLOWLIST",
  testProviderBaseUrl: "PLAYGROUND_TEST_PROVIDER_BASE_URL",
  timeoutMs: "PLAYGROUND_LIVE_TIMEOUT_MS",
  countTimeoutMs: "PLAYGROUND_COUNT_TIMEOUT_MS",
  maxBodyBytes: "PLAYGROUND_LIVE_MAX_BODY_BYTES",
  maxOutputTokens: "PLAYGROUND_LIVE_MAX_OUTPUT_TOKENS",
  ratePerMinute: "PLAYGROUND_LIVE_RATE_PER_MINUTE",
  rateBurst: "PLAYGROUND_LIVE_RATE_BURST",
  globalRatePerMinute: "PLAYGROUND_LIVE_GLOBAL_RATE_PER_MINUTE",
  trustedProxyHops: "PLAYGROUND_TRUSTED_PROXY_HOPS",
  logFile: "PLAYGROUND_LIVE_LOG_FILE",
  log: "PLAYGROUND_LIVE_LOG",
  /** Shared with MCP import and stdio: this server is reachable by others. */
  publicDeployment: "PLAYGROUND_PUBLIC",
} as const;

export const OFFICIAL_BASE_URLS = {
  anthropic: "https://api.anthropic.com",
  openai: "https://api.openai.com/v1",
  moonshot: "https://api.moonshot.ai/v1",
  google: "https://generativelanguage.googleapis.com/v1beta",
  deepseek: "https://api.deepseek.com",
  alibaba: "https://dashscope.aliyuncs.com/compatible-mode/v1",
  zhipu: "https://open.bigmodel.cn/api/paas/v4",
} as const;

/**
 * Request bodies reach about 16 MB at 10,000 tools (docs/ARCHITECTURE.md); Anthropic accepts up to 32 MB on the
 * Messages API. 24 MiB keeps the biggest shipped example within reach without inviting abuse.
 */
export const DEFAULT_MAX_BODY_BYTES = 24 * 1024 * 1024;

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function number(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = Number(env[name]);
  return Number.isFinite(value) && value >= min && value <= max ? value : fallback;
}

function flag(env: Env, name: string): boolean {
  return /^(1|true|yes|on)$/i.test(env[name]?.trim() ?? "");
}

/** A loopback http(s) URL, or undefined: the test override must never send keys off this machine. */
export function loopbackUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    const loopback =
      url.hostname === "localhost" || url.hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
    return (url.protocol === "http:" || url.protocol === "https:") && loopback
      ? url.toString().replace(/\/+$/, "")
      : undefined;
  } catch {
    return undefined;
  }
}

/** `exposed`: whether other machines can reach this server (lib/server/exposure.ts); read from the sockets by default. */
export function readLiveConfig(env: Env = process.env, exposed = serverExposure(env).exposed): LiveServerConfig {
  const allowList = (env[ENV.baseUrlAllowList] ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // On a loopback-only server only this machine can ask, so the person may type their own server's base URL (an
  // Ollama or vLLM next to the playground) without any setting. Once the server is exposed, a typed URL is a
  // request forgery risk: it needs PLAYGROUND_ALLOW_CUSTOM_BASE_URL, and on a public deployment an allow-list too.
  const mode: CustomBaseUrlMode = !flag(env, ENV.allowCustomBaseUrl)
    ? exposed
      ? "disabled"
      : "any"
    : allowList.length
      ? "allow-list"
      : flag(env, ENV.publicDeployment)
        ? "disabled"
        : "any";
  const logFile = text(env, ENV.logFile);
  const compatibleBaseUrl = text(env, ENV.compatibleBaseUrl);
  const testProviderBaseUrl = loopbackUrl(text(env, ENV.testProviderBaseUrl));
  return {
    enabled: !/^(0|false|no|off)$/i.test(env[ENV.live]?.trim() ?? ""),
    keys: {
      anthropic: text(env, ENV.anthropicKey),
      openai: text(env, ENV.openaiKey),
      moonshot: text(env, ENV.moonshotKey),
      google: text(env, ENV.geminiKey),
      deepseek: text(env, ENV.deepseekKey),
      alibaba: text(env, ENV.dashscopeKey),
      zhipu: text(env, ENV.zhipuKey),
      compatible: text(env, ENV.compatibleKey),
    },
    ...(compatibleBaseUrl ? { compatibleBaseUrl: compatibleBaseUrl.replace(/\/+$/, "") } : {}),
    officialBaseUrls: {
      ...OFFICIAL_BASE_URLS,
      moonshot: (text(env, ENV.moonshotBaseUrl) ?? OFFICIAL_BASE_URLS.moonshot).replace(/\/+$/, ""),
    },
    customBaseUrl: { mode, allowList },
    ...(testProviderBaseUrl ? { testProviderBaseUrl } : {}),
    timeoutMs: number(env, ENV.timeoutMs, 120_000, 100, 900_000),
    countTimeoutMs: number(env, ENV.countTimeoutMs, 30_000, 100, 300_000),
    maxBodyBytes: number(env, ENV.maxBodyBytes, DEFAULT_MAX_BODY_BYTES, 1_024, 64 * 1024 * 1024),
    maxOutputTokens: number(env, ENV.maxOutputTokens, 8_192, 1, 1_000_000),
    rateLimit: {
      perMinute: number(env, ENV.ratePerMinute, 30, 1, 100_000),
      burst: number(env, ENV.rateBurst, 10, 1, 100_000),
      globalPerMinute: number(env, ENV.globalRatePerMinute, 240, 1, 1_000_000),
    },
    trustedProxyHops: number(env, ENV.trustedProxyHops, 0, 0, 10),
    ...(logFile ? { logFile } : {}),
    logToConsole: !/^(0|false|no|off)$/i.test(env[ENV.log]?.trim() ?? ""),
  };
}

/** Every secret the server holds, for redaction. */
export function serverSecrets(config: LiveServerConfig): string[] {
  return Object.values(config.keys).filter((value): value is string => typeof value === "string");
}
