"use client";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import type { LiveErrorView } from "@/lib/live/describe-error";

export type LiveErrorBannerProps = {
  /** From `describeLiveError`; nothing is shown when null. */
  error: LiveErrorView | null;
  /** Seconds left of the provider's retry-after, counted down by the container. */
  retryInSeconds?: number;
  onRetry?: () => void;
  onDismiss?: () => void;
  className?: string;
};

/** A failed live request in words: what happened, the provider's own message (as text), and what to do. */
export function LiveErrorBanner({ error, retryInSeconds, onRetry, onDismiss, className = "" }: LiveErrorBannerProps) {
  const t = useTranslations("live");
  if (!error) return null;
  const waiting = retryInSeconds !== undefined && retryInSeconds > 0;
  return (
    <div
      role="alert"
      className={`flex flex-col gap-1 rounded-xl border border-danger/40 bg-danger-soft px-4 py-3 ${className}`}
      data-testid="live-error"
      data-code={error.code}
      data-status={error.status}
    >
      <p className="font-semibold text-danger" data-testid="live-error-title">
        {error.title}
      </p>
      <p className="text-xs text-ink-soft" data-testid="live-error-message-label">
        {error.messageLabel}
      </p>
      {/* The provider's own words are shown as sent: the reader's language is in the title and hint around them. */}
      <p
        className="break-words font-mono text-sm text-ink"
        data-testid="live-error-message"
        data-from-provider={error.fromProvider}
        translate={error.fromProvider ? "no" : undefined}
      >
        {error.message}
      </p>
      <p className="text-sm text-ink-soft" data-testid="live-error-hint">
        {error.hint}
      </p>
      {error.retryAfterSeconds !== undefined ? (
        <p className="text-sm text-ink-soft" data-testid="live-error-retry-after" data-value={error.retryAfterSeconds}>
          {waiting ? t("error.retryPossibleIn", { seconds: retryInSeconds }) : t("error.retryNow")}
        </p>
      ) : null}
      {onRetry || onDismiss ? (
        <div className="mt-1 flex gap-2">
          {onRetry && error.retryable ? (
            <Button size="sm" onClick={onRetry} disabled={waiting} data-testid="live-error-retry">
              {waiting ? t("error.retryIn", { seconds: retryInSeconds }) : t("error.retry")}
            </Button>
          ) : null}
          {onDismiss ? (
            <Button size="sm" variant="ghost" onClick={onDismiss} data-testid="live-error-dismiss">
              {t("error.dismiss")}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
