import { providerModelFacts } from "../../core/provider-models";
import type { ProviderId } from "../../core/ids";
import { OPENAI_MESSAGE_OVERHEAD_TOKENS } from "../../tokens/openai-overheads";
import type { ProviderAccount, ProviderFacts } from "../types";

/**
 * The facts of a provider that speaks Chat Completions (OpenAI, Moonshot, DeepSeek, DashScope's compatible mode,
 * BigModel): plain function tools, an automatic cache, no deferral, no beta flags. By default no token-count
 * endpoint, the fake under `/<id>/v1` and a tap of its own; `overrides` says where a provider differs.
 */
export function chatFacts(
  facts: {
    id: ProviderId;
    name: string;
    pickerName: string;
    vendor: string;
    account: ProviderAccount;
    keyVariable: string;
    modelNamePrefixes: readonly string[];
    goldenModel: string;
    /**
     * The tap's upstream: the official base URL without `/chat/completions`, and the variable that replaces it. A
     * provider sharing another's tap (OpenAI's two wire formats) gives its whole `tap` in `overrides` instead.
     */
    tap?: { baseUrl: string; env: string };
  },
  overrides: Partial<ProviderFacts> = {},
): ProviderFacts {
  return {
    ...providerModelFacts(facts.id),
    id: facts.id,
    name: facts.name,
    pickerName: facts.pickerName,
    apiName: "Chat Completions",
    vendor: facts.vendor,
    account: facts.account,
    keyVariable: facts.keyVariable,
    fakeBasePath: `/${facts.id}/v1`,
    compatibleServers: false,
    callIdPrefix: "call_sim_",
    explicitCacheBreakpoints: false,
    messageOverheadTokens: OPENAI_MESSAGE_OVERHEAD_TOKENS,
    deferredTools: false,
    toolNamespaces: false,
    tokenCountEndpoint: "none",
    tokenCounter: null,
    bodyShape: "chat-completions",
    modelNamePrefixes: facts.modelNamePrefixes,
    openBilling: [],
    endpointChoice: false,
    betas: false,
    golden: { model: facts.goldenModel, sdkRequestType: "ChatCompletionCreateParamsNonStreaming" },
    tap: {
      id: facts.id,
      label: facts.vendor,
      mount: `/tap/${facts.id}`,
      upstreamEnv: facts.tap?.env ?? `TAP_${facts.id.toUpperCase()}_UPSTREAM`,
      defaultUpstream: facts.tap?.baseUrl ?? "",
      recordedPath: /(^|\/)chat\/completions$/,
    },
    ...overrides,
  };
}
