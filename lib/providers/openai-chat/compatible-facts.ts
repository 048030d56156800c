import { providerModelFacts } from "../../core/provider-models";
import type { ProviderId } from "../../core/ids";
import { OPENAI_MESSAGE_OVERHEAD_TOKENS } from "../../tokens/openai-overheads";
import type { ProviderAccount, ProviderFacts } from "../types";

/**
 * The facts of a provider that speaks OpenAI's Chat Completions on its own servers (DeepSeek, DashScope's
 * compatible mode, BigModel): plain function tools, an automatic cache, no deferral, no beta flags, no token-count
 * endpoint in the package list. Only names, the account, where its fake sits and the tap differ.
 */
export function compatibleChatFacts(facts: {
  id: ProviderId;
  name: string;
  pickerName: string;
  vendor: string;
  account: ProviderAccount;
  keyVariable: string;
  modelNamePrefixes: readonly string[];
  goldenModel: string;
  /** The official base URL, without `/chat/completions`. */
  baseUrl: string;
  tapEnv: string;
}): ProviderFacts {
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
    tap: { mount: `/tap/${facts.id}`, env: facts.tapEnv, defaultUpstream: facts.baseUrl, label: facts.vendor },
  };
}
