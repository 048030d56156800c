"use client";
import { MODELS } from "@/lib/models/model-table";
import { PROVIDER_IDS, type ProviderId } from "@/lib/core/ids";
import { usePlayground } from "@/state/playground-provider";
import { headerSelectSizing, selectClass } from "./control-styles";

export const PROVIDER_LABELS: Record<ProviderId, string> = {
  anthropic: "Anthropic Messages",
  "openai-responses": "OpenAI Responses",
  "openai-chat": "OpenAI Chat Completions",
  moonshot: "Moonshot (Kimi)",
};

/** Short API names for the closed select, where the optgroup label is not shown. */
const API_NAMES: Record<ProviderId, string> = {
  anthropic: "Messages",
  "openai-responses": "Responses",
  "openai-chat": "Chat Completions",
  moonshot: "Kimi API",
};

export function ModelPicker() {
  const provider = usePlayground((state) => state.settings.provider);
  const model = usePlayground((state) => state.settings.model);
  const updateSettings = usePlayground((state) => state.updateSettings);
  return (
    <label className="flex w-full items-center gap-2 text-sm sm:w-auto">
      <span className="sr-only">Provider and model</span>
      <select
        className={`${selectClass} ${headerSelectSizing} sm:min-w-52 sm:max-w-[20rem]`}
        data-testid="model-picker"
        title={`${MODELS.find((candidate) => candidate.provider === provider && candidate.id === model)?.label ?? model} · ${PROVIDER_LABELS[provider]}`}
        value={`${provider}|${model}`}
        onChange={(event) => {
          const [nextProvider, nextModel] = event.target.value.split("|") as [ProviderId, string];
          updateSettings({ provider: nextProvider, model: nextModel });
        }}
      >
        {PROVIDER_IDS.map((providerId) => (
          <optgroup key={providerId} label={PROVIDER_LABELS[providerId]}>
            {MODELS.filter((candidate) => candidate.provider === providerId).map((candidate) => (
              <option key={`${providerId}|${candidate.id}`} value={`${providerId}|${candidate.id}`}>
                {candidate.label} · {API_NAMES[providerId]}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </label>
  );
}
