"use client";
import type { WordVectorsStatus } from "@/lib/lab/lab-protocol";
import { useLocale, useTranslations } from "use-intl";
import {
  changeWords,
  type BooleanClientOption,
  type ClientOptionId,
  type LevelClientOption,
  type OptionEffect,
} from "@/lib/lab/option-effects";
import { DEFAULT_CLIENT_SEARCH_OPTIONS, EXACT_WORDS_DEPTH, type ClientSearchOptions } from "@/lib/search/client-search";
import type { SearchField } from "@/lib/search/types";
import { Button } from "@/components/ui/button";
import { formatPoints, formatSigned } from "./format";
import { selectClass } from "./lab-styles";

export type ClientOptionsPanelProps = {
  options: ClientSearchOptions;
  effects: readonly OptionEffect[] | undefined;
  pending: boolean;
  /** Whether the lab worker has the word vectors that "similar words" needs (unknown until effects arrive). */
  wordVectors?: WordVectorsStatus;
  k: number;
  onChange: (options: Partial<ClientSearchOptions>) => void;
  onReset: () => void;
};

const BOOLEAN_OPTIONS: readonly BooleanClientOption[] = [
  "splitIdentifiers",
  "stemming",
  "stopWords",
  "synonyms",
  "prefix",
  "requestFiller",
  "argumentValues",
  "shapeWords",
];

type LevelOption = LevelClientOption | "fuzzy" | "addressWords";

const LEVEL_OPTIONS: Array<{ id: LevelOption; levels: number[] }> = [
  { id: "fuzzy", levels: [0, 0.1, 0.2, 0.3] },
  { id: "serverPrior", levels: [0, 0.25, 0.5, 1] },
  { id: "proximity", levels: [0, 0.25, 0.5, 1] },
  { id: "addressWords", levels: [0, 0.35, 0.5, 1] },
  { id: "entityPrior", levels: [0, 0.2, 0.3, 0.5] },
  { id: "nameAction", levels: [0, 0.5, 1, 2] },
  { id: "coverage", levels: [0, 0.3, 0.6, 1] },
  { id: "plainBm25", levels: [0, 0.2, 0.4, 0.7] },
  { id: "exactWords", levels: [0, 0.1, 0.2, 0.4] },
  { id: "actionVerbs", levels: [0, 0.3, 0.5, 0.8] },
  { id: "similarWords", levels: [0, 0.2, 0.4, 0.6] },
];

const FIELDS: readonly SearchField[] = ["name", "description", "parameterName", "parameterDescription"];

function Effect({ effect, k, pending }: { effect: OptionEffect | undefined; k: number; pending: boolean }) {
  const locale = useLocale();
  const t = useTranslations("lab.options");
  if (effect === undefined) return <span className="text-xs text-muted">{pending ? "…" : ""}</span>;
  const worse = effect.mrrDelta < -1e-9 || (Math.abs(effect.mrrDelta) < 1e-9 && effect.recallAtKDelta < -1e-9);
  const better = effect.mrrDelta > 1e-9 || (Math.abs(effect.mrrDelta) < 1e-9 && effect.recallAtKDelta > 1e-9);
  return (
    <span
      className={`tabular ml-auto text-right text-xs ${worse ? "text-danger" : better ? "text-success" : "text-muted"} ${pending ? "opacity-60" : ""}`}
      data-testid={`option-effect-${effect.id}`}
      data-mrr-delta={effect.mrrDelta}
      title={t("effectHint", {
        change: changeWords(effect.changeFacts, locale),
        k,
        recall: formatPoints(effect.recallAtKDelta),
        mrr: formatSigned(effect.mrrDelta, 3),
      })}
    >
      {changeWords(effect.changeFacts, locale)}: MRR {formatSigned(effect.mrrDelta, 3)} · R@{k}{" "}
      {formatPoints(effect.recallAtKDelta)}
    </span>
  );
}

function Switch({
  checked,
  label,
  onChange,
  testId,
}: {
  checked: boolean;
  label: string;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      onClick={() => onChange(!checked)}
      data-testid={testId}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors ${checked ? "bg-accent" : "bg-line-strong"}`}
    >
      <span
        className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? "translate-x-5" : "translate-x-0.5"}`}
      />
    </button>
  );
}

/** The client search's options, each with what flipping it would do to this query set. */
export function ClientOptionsPanel({
  options,
  effects,
  pending,
  wordVectors,
  k,
  onChange,
  onReset,
}: ClientOptionsPanelProps) {
  const effectOf = (id: ClientOptionId) => effects?.find((effect) => effect.id === id);
  const changed = JSON.stringify(options) !== JSON.stringify(DEFAULT_CLIENT_SEARCH_OPTIONS);
  const t = useTranslations("lab.options");
  const label = (id: string) => t(`items.${id}.label` as "items.stemming.label");
  // A hint's example words are the words searched for, shown as written (in <code>) in either language.
  const hint = (id: string) =>
    t.rich(`items.${id}.hint` as "items.stemming.hint", {
      depth: EXACT_WORDS_DEPTH,
      code: (chunks) => <code>{chunks}</code>,
    });
  return (
    <section className="flex flex-col rounded-2xl border border-line bg-panel shadow-sm" data-testid="client-options">
      <header className="flex items-center justify-between gap-3 border-b border-line px-5 py-3">
        <div>
          <h2 className="text-base font-semibold">{t("title")}</h2>
          <p className="text-xs text-muted">{t("intro")}</p>
        </div>
        <Button size="sm" variant="ghost" disabled={!changed} onClick={onReset} data-testid="options-reset">
          {t("defaults")}
        </Button>
      </header>
      {/* Each row wraps its measured effect under the label when the panel is narrow (a phone), not over it. */}
      <ul className="flex flex-col divide-y divide-line">
        {BOOLEAN_OPTIONS.map((id) => (
          <li key={id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-2.5">
            <Switch
              checked={options[id]}
              label={label(id)}
              onChange={(checked) => onChange({ [id]: checked })}
              testId={`option-${id}`}
            />
            <div className="min-w-[4.5rem] flex-1">
              <p className="text-sm font-medium">{label(id)}</p>
              <p className="text-xs text-muted">{hint(id)}</p>
            </div>
            <Effect effect={effectOf(id)} k={k} pending={pending} />
          </li>
        ))}
        <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-2.5">
          <select
            className={`${selectClass} w-24`}
            value={options.stemmer}
            onChange={(event) => onChange({ stemmer: event.target.value === "porter" ? "porter" : "porter2" })}
            aria-label={label("stemmer")}
            data-testid="option-stemmer"
          >
            <option value="porter2">Porter2</option>
            <option value="porter">Porter</option>
          </select>
          <div className="min-w-[4.5rem] flex-1">
            <p className="text-sm font-medium">{label("stemmer")}</p>
            <p className="text-xs text-muted">{hint("stemmer")}</p>
          </div>
          <Effect effect={effectOf("stemmer")} k={k} pending={pending} />
        </li>
        {LEVEL_OPTIONS.map((option) => (
          <li key={option.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-2.5">
            <select
              className={`${selectClass} w-24`}
              value={options[option.id]}
              onChange={(event) => onChange({ [option.id]: Number(event.target.value) })}
              aria-label={label(option.id)}
              data-testid={`option-${option.id}`}
            >
              {[...new Set([...option.levels, options[option.id]])]
                .sort((left, right) => left - right)
                .map((level) => (
                  <option key={level} value={level}>
                    {level === 0 ? t("off") : level}
                  </option>
                ))}
            </select>
            <div className="min-w-[4.5rem] flex-1">
              <p className="text-sm font-medium">{label(option.id)}</p>
              <p className="text-xs text-muted">{hint(option.id)}</p>
            </div>
            {option.id === "similarWords" && wordVectors?.loaded === false ? (
              <span
                className="ml-auto text-right text-xs text-danger"
                data-testid="word-vectors-problem"
                title={wordVectors.problem}
              >
                {t("unavailable", { problem: wordVectors.problem ?? "" })}
              </span>
            ) : (
              <Effect effect={effectOf(option.id)} k={k} pending={pending} />
            )}
          </li>
        ))}
        <li className="flex flex-col gap-2 px-5 py-3">
          <div className="flex items-center justify-between gap-3">
            <p className="text-sm font-medium">{t("fieldWeights")}</p>
            <Effect effect={effectOf("fieldWeights")} k={k} pending={pending} />
          </div>
          <div className="grid grid-cols-4 gap-2">
            {FIELDS.map((field) => (
              <label key={field} className="flex flex-col gap-1 text-xs text-muted">
                {t(`fields.${field}`)}
                <input
                  type="number"
                  min={0}
                  max={10}
                  step={0.5}
                  value={options.fieldWeights[field]}
                  onChange={(event) => {
                    const weight = Number(event.target.value);
                    if (Number.isFinite(weight) && weight >= 0)
                      onChange({ fieldWeights: { ...options.fieldWeights, [field]: weight } });
                  }}
                  className="tabular h-8 rounded-lg border border-line bg-panel px-2 text-sm text-ink"
                  data-testid={`field-weight-${field}`}
                />
              </label>
            ))}
          </div>
          <p className="text-xs text-muted">{t("zeroWeight")}</p>
        </li>
      </ul>
    </section>
  );
}
