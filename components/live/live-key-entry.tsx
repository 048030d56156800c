"use client";
import { useTranslations } from "use-intl";
import { useId } from "react";
import { Button } from "@/components/ui/button";

export type LiveKeyEntryProps = {
  /** "Anthropic API key", "OpenAI API key"… */
  label: string;
  value: string;
  /** Keep the key in this browser's localStorage (off: it lives in this tab's memory only). */
  remember: boolean;
  /** The server has this provider's key in its environment: pasting one is optional. */
  serverKeyAvailable: boolean;
  /** The endpoint may take no key at all (an OpenAI-compatible server such as Ollama or vLLM). */
  keyOptional?: boolean;
  onValueChange: (value: string) => void;
  onRememberChange: (remember: boolean) => void;
  onClear: () => void;
  disabled?: boolean;
  className?: string;
};

function statusKey(
  props: Pick<LiveKeyEntryProps, "value" | "remember" | "serverKeyAvailable" | "keyOptional">,
): "remembered" | "tabOnly" | "serverKey" | "optional" | "noKey" {
  if (props.value && props.remember) return "remembered";
  if (props.value) return "tabOnly";
  if (props.serverKeyAvailable) return "serverKey";
  if (props.keyOptional) return "optional";
  // Said plainly (noKey): a person switching to Live may fear their scenario already left the machine.
  return "noKey";
}

/**
 * Where a person pastes an API key for live mode. A password field (never shown, never autofilled), a "remember on
 * this device" choice that is off by default, and Clear. The key never goes into a share link.
 */
export function LiveKeyEntry({
  label,
  value,
  remember,
  serverKeyAvailable,
  keyOptional = false,
  onValueChange,
  onRememberChange,
  onClear,
  disabled,
  className = "",
}: LiveKeyEntryProps) {
  const t = useTranslations("live");
  const inputId = useId();
  const rememberId = useId();
  return (
    <div
      className={`flex flex-col gap-1.5 ${className}`}
      data-testid="live-key-entry"
      data-has-key={value !== ""}
      data-server-key={serverKeyAvailable}
    >
      <label htmlFor={inputId} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={inputId}
          type="password"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          disabled={disabled}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
          placeholder={t("key.placeholder", {
            kind: serverKeyAvailable ? "server" : keyOptional ? "optional" : "paste",
          })}
          className="h-9 min-w-0 flex-1 rounded-lg border border-line bg-panel px-3 font-mono text-sm text-ink outline-none focus:border-accent"
          data-testid="live-key-input"
          data-1p-ignore
          data-lpignore="true"
        />
        <Button
          size="sm"
          variant="ghost"
          onClick={onClear}
          disabled={disabled || (!value && !remember)}
          data-testid="live-key-clear"
        >
          {t("key.clear")}
        </Button>
      </div>
      <label htmlFor={rememberId} className="flex items-center gap-2 text-sm text-ink-soft">
        <input
          id={rememberId}
          type="checkbox"
          checked={remember}
          onChange={(event) => onRememberChange(event.target.checked)}
          disabled={disabled}
          data-testid="live-key-remember"
        />
        {t("key.remember")}
      </label>
      <p className="text-xs text-muted" data-testid="live-key-status" aria-live="polite">
        {t(`key.status.${statusKey({ value, remember, serverKeyAvailable, keyOptional })}`)}
      </p>
    </div>
  );
}
