"use client";
import { useLocale, useTranslations } from "use-intl";
import { DialogFrame } from "@/components/ui/dialog-frame";
import type { Locale } from "@/lib/i18n/locales";
import { glossaryFor, TERM_IDS } from "@/lib/view/glossary";
import { usePlayground } from "@/state/playground-provider";
import { buttonClass, iconButtonClass } from "./control-styles";

const SHORTCUTS = [
  ["← / →", "keyPrevNext"],
  ["Home / End", "keyFirstLast"],
  ["Tab", "keyTab"],
] as const;

export function HelpButton() {
  const setHelpOpen = usePlayground((state) => state.setHelpOpen);
  const t = useTranslations("playground.help");
  return (
    <button
      type="button"
      className={`${iconButtonClass} h-9 w-9 border border-line font-semibold`}
      aria-label={t("button")}
      title={t("button")}
      data-testid="help-button"
      onClick={() => setHelpOpen(true)}
    >
      ?
    </button>
  );
}

export function HelpDialog() {
  const open = usePlayground((state) => state.helpOpen);
  const setHelpOpen = usePlayground((state) => state.setHelpOpen);
  const setTourOpen = usePlayground((state) => state.setTourOpen);
  const t = useTranslations("playground.help");
  const glossary = glossaryFor(useLocale() as Locale);
  return (
    <DialogFrame
      open={open}
      onClose={() => setHelpOpen(false)}
      title={t("title")}
      testId="help-dialog"
      width="max-w-xl"
    >
      <p className="text-sm leading-relaxed text-ink-soft">
        {t.rich("intro", {
          code: (chunks) => <code>{chunks}</code>,
          strong: (chunks) => <strong>{chunks}</strong>,
        })}
      </p>
      <p className="mt-3 text-sm leading-relaxed text-ink-soft">{t("bar")}</p>
      <h3 className="mt-5 text-sm font-semibold">{t("keyboard")}</h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {SHORTCUTS.map(([keys, action]) => (
          <div key={keys} className="contents">
            <dt className="font-mono text-xs text-ink">
              <kbd>{keys}</kbd>
            </dt>
            <dd className="text-ink-soft">{t(action)}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-5 text-sm font-semibold" id="glossary-title">
        {t("glossary")}
      </h3>
      <dl className="mt-2 space-y-2 text-sm" aria-labelledby="glossary-title" data-testid="glossary">
        {TERM_IDS.map((id) => (
          <div key={id} data-term={id}>
            <dt className={`font-semibold text-ink ${glossary[id].code ? "font-mono text-[0.92em]" : ""}`}>
              {glossary[id].term}
            </dt>
            <dd className="text-ink-soft">{glossary[id].definition}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" className={buttonClass} onClick={() => setTourOpen(true)} data-testid="start-tour">
          {t("tour")}
        </button>
        <button type="button" className={buttonClass} onClick={() => setHelpOpen(false)} autoFocus>
          {t("close")}
        </button>
      </div>
    </DialogFrame>
  );
}
