"use client";
import { useTranslations } from "use-intl";
import { useId } from "react";
import type { LiveEndpoint } from "@/lib/live/types";

export type LiveEndpointPickerProps = {
  endpoint: LiveEndpoint;
  /** The server has OPENAI_COMPATIBLE_BASE_URL. */
  compatibleConfigured: boolean;
  /** From /api/live/status: "disabled" hides the custom URL field. */
  customBaseUrl: "disabled" | "allow-list" | "any";
  /**
   * False for the model "OpenAI-compatible server": its requests are never meant for OpenAI, so the official API is
   * not offered and the typed base URL is labelled as the person's own server.
   */
  allowOfficial?: boolean;
  /** The model name an OpenAI-compatible server expects (its own ids, not the table's). */
  wireModel: string;
  onEndpointChange: (endpoint: LiveEndpoint) => void;
  onWireModelChange: (model: string) => void;
  disabled?: boolean;
  className?: string;
};

/** Examples of what goes in the fields: a URL and a model id read the same in every language. */
const EXAMPLE_BASE_URL = "http://localhost:11434/v1";
const EXAMPLE_MODEL = "llama3.1:8b";

/**
 * For Chat Completions: the official API, the owner's OpenAI-compatible server, or (when the server allows it) a
 * base URL typed here — vLLM, Ollama, OpenRouter, LiteLLM.
 */
export function LiveEndpointPicker({
  endpoint,
  compatibleConfigured,
  customBaseUrl,
  allowOfficial = true,
  wireModel,
  onEndpointChange,
  onWireModelChange,
  disabled,
  className = "",
}: LiveEndpointPickerProps) {
  const t = useTranslations("live");
  const selectId = useId();
  const urlId = useId();
  const modelId = useId();
  const options: Array<{ kind: LiveEndpoint["kind"]; label: string }> = [
    ...(allowOfficial ? [{ kind: "official" as const, label: t("endpoint.official") }] : []),
    ...(customBaseUrl !== "disabled" && !allowOfficial
      ? [{ kind: "custom" as const, label: t("endpoint.yourServer") }]
      : []),
    ...(compatibleConfigured ? [{ kind: "compatible" as const, label: t("endpoint.compatible") }] : []),
    ...(customBaseUrl !== "disabled" && allowOfficial
      ? [{ kind: "custom" as const, label: t("endpoint.custom") }]
      : []),
  ];
  const change = (kind: LiveEndpoint["kind"]) =>
    onEndpointChange(
      kind === "custom" ? { kind, baseUrl: endpoint.kind === "custom" ? endpoint.baseUrl : "" } : { kind },
    );
  return (
    <div className={`flex flex-col gap-1.5 ${className}`} data-testid="live-endpoint">
      <label htmlFor={selectId} className="text-sm font-semibold text-ink">
        {t("endpoint.label")}
      </label>
      <select
        id={selectId}
        value={endpoint.kind}
        onChange={(event) => change(event.target.value as LiveEndpoint["kind"])}
        disabled={disabled || options.length === 1}
        className="h-9 rounded-lg border border-line bg-panel px-2 text-sm text-ink"
        data-testid="live-endpoint-kind"
      >
        {options.map((option) => (
          <option key={option.kind} value={option.kind}>
            {option.label}
          </option>
        ))}
      </select>
      {endpoint.kind === "custom" ? (
        <>
          <label htmlFor={urlId} className="text-sm text-ink-soft">
            {allowOfficial ? t("endpoint.baseUrl") : t("endpoint.yourServer")}{" "}
            {customBaseUrl === "allow-list" ? t("endpoint.allowList") : ""}
          </label>
          <input
            id={urlId}
            type="url"
            value={endpoint.baseUrl}
            onChange={(event) => onEndpointChange({ kind: "custom", baseUrl: event.target.value })}
            disabled={disabled}
            placeholder={EXAMPLE_BASE_URL}
            className="h-9 rounded-lg border border-line bg-panel px-3 font-mono text-sm text-ink"
            data-testid="live-base-url"
          />
        </>
      ) : null}
      {endpoint.kind !== "official" ? (
        <>
          <label htmlFor={modelId} className="text-sm text-ink-soft">
            {t("endpoint.modelName")}
          </label>
          <input
            id={modelId}
            type="text"
            value={wireModel}
            onChange={(event) => onWireModelChange(event.target.value)}
            disabled={disabled}
            placeholder={EXAMPLE_MODEL}
            className="h-9 rounded-lg border border-line bg-panel px-3 font-mono text-sm text-ink"
            data-testid="live-wire-model"
          />
        </>
      ) : null}
    </div>
  );
}
