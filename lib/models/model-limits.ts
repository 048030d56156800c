import type { LimitOverride, LimitOverrides, LimitSettingKey } from "../scenario/limit-overrides";
import { sourced, type ModelInfo, type Sourced } from "./types";
import { providerModelFacts, type ProviderModelFacts } from "../core/provider-models";

/**
 * What a provider refuses before it reads a prompt: the limits of a request, per provider and model, each with its
 * source. `null` means no limit is documented or reported; the request is then never rejected on that ground, and
 * the row says so. The checks themselves live in `lib/providers/limits.ts`.
 */
export type { LimitOverride, LimitOverrides, LimitSettingKey };

export type ModelLimits = {
  /** The most prompt (input) tokens one request may carry. */
  contextWindow: Sourced<number>;
  /** The most entries in the top-level `tools` array, or null where none is documented. */
  maxTools: Sourced<number | null>;
  /** Anthropic: the most tools with `defer_loading: true` in one request. */
  maxDeferredTools: Sourced<number | null>;
  /** A function/tool name must match this pattern (a regular expression source, anchored). */
  toolNamePattern: Sourced<string>;
  /** The largest request body, in bytes, or null where none is documented. */
  maxRequestBytes: Sourced<number | null>;
  /**
   * OpenAI Responses: whether functions with `defer_loading` count toward `maxTools`. UNCONFIRMED (PROTOCOLS §9):
   * assumed not (tool search exists for large catalogs); the renderer warns when the other reading would refuse.
   */
  deferredCountTowardMaxTools: Sourced<boolean>;
  /**
   * OpenAI Responses: whether the functions inside a `namespace` tool are held to `toolNamePattern` as top-level
   * functions are. UNCONFIRMED: the pattern is documented for function names; the namespace's member schema states
   * none. Assumed yes (a member loaded by tool search is called as a function, by its name); a setting turns it off.
   */
  namespaceMembersFollowFunctionPattern: Sourced<boolean>;
};

export function limitOverrideKey(model: Pick<ModelInfo, "provider" | "id">): string {
  return `${model.provider}:${model.id}`;
}

export const LIMIT_OVERRIDE_SOURCE = "your setting in the settings panel";

const CLAUDE_MODEL_PAGE = "platform.claude.com/docs/en/models/<model>/overview (model page: context window)";
const CLAUDE_TOOL_NAME =
  "platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use: name must match ^[a-zA-Z0-9_-]{1,64}$";
const CLAUDE_REQUEST_SIZE =
  "platform.claude.com/docs/en/api/overview (request size limits: 32 MB for Messages, 413 request_too_large); " +
  "the unit is not stated: read as 32 × 1024 × 1024 bytes, an assumption (PROTOCOLS.md §10)";
const CLAUDE_DEFERRED = "PROTOCOLS.md §1.3: tool-search doc, max 10,000 tools with defer_loading per request";
const OPENAI_TOOLS =
  "PROTOCOLS.md §9: 400 array_above_max_length on more than 128 tools, reported verbatim in client issues " +
  "(e.g. zed-industries/zed#42393, anomalyco/opencode#4909, musistudio/claude-code-router#686), 2024–2025";
const OPENAI_NAME =
  "OpenAI function-calling guide and SDK (FunctionDefinition.name): a-z, A-Z, 0-9, underscores and dashes, max 64";
const NAMESPACE_MEMBERS =
  "assumed: the function-name pattern is documented for functions; whether a namespace's member functions are held " +
  "to it is UNCONFIRMED (no member-name rule found in OpenAI's tool-search guide or API reference copies)";
const NO_NAMESPACES = "this API has no namespace tools";
const KIMI_TOOLS = "PROTOCOLS.md §3.3: platform.kimi.ai/docs/api/tool-use, at most 128 functions";
const KIMI_NAME = "PROTOCOLS.md §3.3: platform.kimi.ai/docs/api/tool-use, name ^[a-zA-Z_][a-zA-Z0-9-_]{2,63}$";
const NO_BODY_LIMIT = "no request-size limit found in the provider's docs or in client issues; none applied";

/** A context window in tokens: 1M = 1,000,000 on Anthropic's model pages. */
const MILLION = 1_000_000;

const ANTHROPIC_WINDOWS: Record<string, Sourced<number>> = {
  "claude-opus-4-8": sourced(MILLION, "documented", CLAUDE_MODEL_PAGE.replace("<model>", "opus-4-8"), "2026-08"),
  "claude-opus-5": sourced(MILLION, "documented", CLAUDE_MODEL_PAGE.replace("<model>", "opus-5"), "2026-08"),
  "claude-sonnet-4-6": sourced(MILLION, "documented", CLAUDE_MODEL_PAGE.replace("<model>", "sonnet-4-6"), "2026-08"),
  "claude-fable-5-1": sourced(
    MILLION,
    "documented",
    "platform.claude.com model pages, comparison table (Fable 5.1: 1M)",
    "2026-08",
  ),
  "claude-sonnet-4-5": sourced(
    200_000,
    "documented",
    "Anthropic models overview: 200K (1M only with the context-1m beta header, not sent here)",
    "2025-10",
  ),
  "claude-haiku-4-5": sourced(
    200_000,
    "documented",
    "platform.claude.com/docs/en/models/opus-5/overview comparison table (Haiku 4.5: 200K)",
    "2026-07",
  ),
  "claude-opus-4-5": sourced(200_000, "secondary", "Microsoft Foundry model catalog (Opus 4.5: 200K context)", "2026"),
};

/**
 * OpenAI publishes a total window (input + output). The input part is what a prompt may use: GPT-5.4 and GPT-5.5
 * are listed as 1,050,000 = 922K input + 128K output by several resellers.
 */
const OPENAI_INPUT_WINDOWS: Record<string, Sourced<number>> = {
  "gpt-5.4": sourced(
    922_000,
    "secondary",
    "1,050,000 context = 922K input + 128K output (wavespeed.ai and oxen.ai model pages)",
    "2026-06",
  ),
  "gpt-5.5": sourced(
    922_000,
    "secondary",
    "1,050,000 context, 128K output (oxen.ai model page; vercel AI gateway lists 1M)",
    "2026-06",
  ),
  "gpt-4.1": sourced(1_047_576, "secondary", "OpenAI GPT-4.1 launch: 1,047,576-token context window", "2025-04"),
};
const GPT_5_6_INPUT_WINDOW = sourced(
  922_000,
  "secondary",
  "1,050,000 context = 922K input + 128K output, as OpenAI's GPT-5.6 model pages were quoted (THU-MAIC/OpenMAIC#907, " +
    "justlovemaki/AIClient2API#665; max_input_tokens 922000 in codeready-toolchain/tarsy#324)",
  "2026-07",
);

const KIMI_WINDOWS: Record<string, Sourced<number>> = {
  "kimi-k3": sourced(
    1_048_576,
    "secondary",
    "docs.evolink.ai kimi-k3 chat API (1,048,576); apidog and aihubmix K3 guides, 2026-07-17",
    "2026-07",
  ),
  "kimi-k2.7-code": sourced(
    262_144,
    "secondary",
    "Gitlawb/openclaude#1796 model table (262,144); same limit as K2.5",
    "2026-06",
  ),
  "kimi-k2.5": sourced(
    262_144,
    "secondary",
    "Moonshot's own 400 'exceeded model token limit: 262144' (MoonshotAI/kimi-cli#2011, kimi-k2.5)",
    "2026-04",
  ),
};

/** Gemini: `inputTokenLimit` of the models endpoint and the models page. */
const GEMINI_WINDOW = sourced(
  1_048_576,
  "secondary",
  "ai.google.dev/gemini-api/docs/models (input token limit 1,048,576 for 2.5 Flash and Pro), as the project knew it",
  "2025-12",
);
const NEW_PROVIDER_WINDOWS: Record<string, Sourced<number>> = {
  "deepseek-v4-flash": sourced(
    1_000_000,
    "secondary",
    "nxcode.io DeepSeek V4 API guide: 1M token context window",
    "2026",
  ),
  "deepseek-v4-pro": sourced(
    1_000_000,
    "secondary",
    "nxcode.io DeepSeek V4 API guide: 1M token context window",
    "2026",
  ),
  "qwen-plus": sourced(
    1_000_000,
    "unconfirmed",
    "ASSUMPTION: qwen-plus (Qwen3) is sold with a 1M context; Model Studio's model page was not in the stored copies",
  ),
  "glm-5.3": sourced(1_000_000, "documented", "docs.bigmodel.cn/cn/guide/start/pricing: 上下文 1M", "2026-09"),
  "glm-5.3-flash": sourced(1_000_000, "documented", "docs.bigmodel.cn/cn/guide/start/pricing: 上下文 1M", "2026-09"),
};

const UNKNOWN_WINDOW = sourced(
  128_000,
  "unconfirmed",
  "set your own: the served model's window is unknown; 128K assumed",
);

/** Each published window table by the name a provider's model facts give it (lib/core/provider-models.ts). */
const WINDOW_TABLES: Record<ProviderModelFacts["contextWindows"], (modelId: string) => Sourced<number> | undefined> = {
  claude: (modelId) => ANTHROPIC_WINDOWS[modelId],
  gpt: (modelId) => (modelId.startsWith("gpt-5.6-") ? GPT_5_6_INPUT_WINDOW : OPENAI_INPUT_WINDOWS[modelId]),
  kimi: (modelId) => KIMI_WINDOWS[modelId],
  gemini: () => GEMINI_WINDOW,
  deepseek: (modelId) => NEW_PROVIDER_WINDOWS[modelId],
  qwen: (modelId) => NEW_PROVIDER_WINDOWS[modelId],
  glm: (modelId) => NEW_PROVIDER_WINDOWS[modelId],
};

function contextWindowOf(model: ModelInfo): Sourced<number> {
  return WINDOW_TABLES[providerModelFacts(model.provider).contextWindows](model.id) ?? UNKNOWN_WINDOW;
}

const NO_DEFERRAL = "this API has no defer_loading";
const OPENAI_NAME_ASSUMED =
  "ASSUMPTION: the provider's docs give no name rule for its OpenAI-compatible tools; OpenAI's ^[a-zA-Z0-9_-]{1,64}$ assumed";
const NO_TOOL_LIMIT = "ASSUMPTION: no tool-count limit found in the provider's docs; none applied (set your own)";

/** The plain-tools APIs (no deferral, no namespaces): only the count, the name rule and the body size differ. */
function plainToolLimits(
  maxTools: Sourced<number | null>,
  toolNamePattern: Sourced<string>,
  maxRequestBytes: Sourced<number | null>,
): Omit<ModelLimits, "contextWindow"> {
  return {
    maxTools,
    maxDeferredTools: sourced(null, "documented", NO_DEFERRAL),
    toolNamePattern,
    maxRequestBytes,
    deferredCountTowardMaxTools: sourced(false, "documented", NO_DEFERRAL),
    namespaceMembersFollowFunctionPattern: sourced(false, "documented", NO_NAMESPACES),
  };
}

/** Each table by the name a provider's model facts give it (lib/core/provider-models.ts `requestLimits`). */
const REQUEST_LIMITS: Record<ProviderModelFacts["requestLimits"], Omit<ModelLimits, "contextWindow">> = {
  messages: {
    maxTools: sourced(null, "documented", "no limit on the number of non-deferred tools in Anthropic's docs"),
    maxDeferredTools: sourced(10_000, "documented", CLAUDE_DEFERRED),
    toolNamePattern: sourced("^[a-zA-Z0-9_-]{1,64}$", "documented", CLAUDE_TOOL_NAME),
    maxRequestBytes: sourced(32 * 1024 * 1024, "documented", CLAUDE_REQUEST_SIZE),
    deferredCountTowardMaxTools: sourced(false, "documented", "Anthropic documents no count for plain tools"),
    namespaceMembersFollowFunctionPattern: sourced(false, "documented", NO_NAMESPACES),
  },
  responses: {
    maxTools: sourced(128, "secondary", OPENAI_TOOLS, "2025-11"),
    maxDeferredTools: sourced(null, "unconfirmed", "PROTOCOLS.md §2.5: no documented limit on deferred tools"),
    toolNamePattern: sourced("^[a-zA-Z0-9_-]{1,64}$", "documented", OPENAI_NAME),
    maxRequestBytes: sourced(null, "unconfirmed", NO_BODY_LIMIT),
    deferredCountTowardMaxTools: sourced(
      false,
      "unconfirmed",
      "PROTOCOLS.md §9: whether deferred tool_search functions count toward the 128 is UNCONFIRMED; assumed not",
    ),
    namespaceMembersFollowFunctionPattern: sourced(true, "unconfirmed", NAMESPACE_MEMBERS),
  },
  chat: {
    maxTools: sourced(128, "secondary", OPENAI_TOOLS, "2025-11"),
    maxDeferredTools: sourced(null, "documented", "Chat Completions has no defer_loading"),
    toolNamePattern: sourced("^[a-zA-Z0-9_-]{1,64}$", "documented", OPENAI_NAME),
    maxRequestBytes: sourced(null, "unconfirmed", NO_BODY_LIMIT),
    deferredCountTowardMaxTools: sourced(false, "documented", "Chat Completions has no defer_loading"),
    namespaceMembersFollowFunctionPattern: sourced(false, "documented", NO_NAMESPACES),
  },
  kimi: {
    maxTools: sourced(128, "documented", KIMI_TOOLS),
    maxDeferredTools: sourced(null, "documented", "Kimi has no defer_loading"),
    toolNamePattern: sourced("^[a-zA-Z_][a-zA-Z0-9-_]{2,63}$", "documented", KIMI_NAME),
    maxRequestBytes: sourced(null, "unconfirmed", NO_BODY_LIMIT),
    deferredCountTowardMaxTools: sourced(false, "documented", "Kimi has no defer_loading"),
    namespaceMembersFollowFunctionPattern: sourced(false, "documented", NO_NAMESPACES),
  },
  gemini: plainToolLimits(
    sourced(null, "unconfirmed", `${NO_TOOL_LIMIT}: Gemini's function-calling guide states no count`),
    sourced(
      "^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$",
      "secondary",
      "ai.google.dev/api/caching FunctionDeclaration.name: starts with a letter or underscore; a-z, A-Z, 0-9, " +
        "underscores, colons, dots and dashes; at most 64",
    ),
    sourced(
      20 * 1024 * 1024,
      "secondary",
      "ai.google.dev file-input guide: total request size limit 20 MB (inline data)",
    ),
  ),
  deepseek: plainToolLimits(
    sourced(128, "secondary", "api-docs.deepseek.com/api/create-chat-completion: tools, 'a max of 128 functions'"),
    sourced(
      "^[a-zA-Z0-9_-]{1,64}$",
      "secondary",
      "api-docs.deepseek.com function name: a-z, A-Z, 0-9, _ and -, max 64",
    ),
    sourced(null, "unconfirmed", NO_BODY_LIMIT),
  ),
  qwen: plainToolLimits(
    sourced(null, "unconfirmed", NO_TOOL_LIMIT),
    sourced("^[a-zA-Z0-9_-]{1,64}$", "unconfirmed", OPENAI_NAME_ASSUMED),
    sourced(null, "unconfirmed", NO_BODY_LIMIT),
  ),
  glm: plainToolLimits(
    sourced(null, "unconfirmed", NO_TOOL_LIMIT),
    sourced("^[a-zA-Z0-9_-]{1,64}$", "unconfirmed", OPENAI_NAME_ASSUMED),
    sourced(null, "unconfirmed", NO_BODY_LIMIT),
  ),
};

/**
 * The limits a request to this model is checked against: the table's values, with the person's overrides for this
 * model (settings.limitOverrides) in place of them. An overridden limit names the setting as its source, and keeps
 * the table's value and source in words so the rejected step can say what it replaced.
 */
export function modelLimits(model: ModelInfo, overrides?: LimitOverrides): ModelLimits {
  const table = tableLimits(model);
  const override = overrides?.[limitOverrideKey(model)];
  if (!override) return table;
  const limits = { ...table };
  for (const key of ["contextWindow", "maxTools", "maxDeferredTools", "maxRequestBytes"] as const) {
    const value = override[key];
    if (value === undefined || (key === "contextWindow" && value === null)) continue;
    limits[key] = {
      value,
      confidence: "unconfirmed",
      source: `${LIMIT_OVERRIDE_SOURCE} (table: ${table[key].value ?? "no limit"}, ${table[key].source})`,
    } as Sourced<number>;
  }
  for (const key of ["deferredCountTowardMaxTools", "namespaceMembersFollowFunctionPattern"] as const) {
    const value = override[key];
    if (value === undefined) continue;
    limits[key] = sourced(
      value,
      "unconfirmed",
      `${LIMIT_OVERRIDE_SOURCE} (table: ${table[key].value}, ${table[key].source})`,
    );
  }
  return limits;
}

/** The limits of the model table alone, before any override. */
export function tableLimits(model: ModelInfo): ModelLimits {
  const limits = {
    contextWindow: contextWindowOf(model),
    ...REQUEST_LIMITS[providerModelFacts(model.provider).requestLimits],
  };
  if (model.id === "openai-compatible") {
    // A self-hosted server enforces whatever it was configured with: only the window is assumed.
    return {
      ...limits,
      maxTools: sourced(null, "unconfirmed", "set your own: OpenAI-compatible servers differ"),
      toolNamePattern: sourced("^.+$", "unconfirmed", "set your own: OpenAI-compatible servers differ"),
    };
  }
  return limits;
}
