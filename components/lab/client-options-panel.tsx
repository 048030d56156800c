"use client";
import type { WordVectorsStatus } from "@/lib/lab/lab-protocol";
import type { BooleanClientOption, ClientOptionId, LevelClientOption, OptionEffect } from "@/lib/lab/option-effects";
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

const BOOLEAN_OPTIONS: Array<{ id: BooleanClientOption; label: string; hint: string }> = [
  { id: "splitIdentifiers", label: "Identifier splitting", hint: "getWeather, get_weather → get, weather" },
  { id: "stemming", label: "Stemming", hint: "creating issues meets Create an issue" },
  { id: "stopWords", label: "Stop words", hint: "the, of, with… neither match nor count" },
  { id: "synonyms", label: "Synonyms", hint: "remove also looks for delete; ticket for issue" },
  { id: "prefix", label: "Prefix matching", hint: "repo finds repositories" },
  { id: "requestFiller", label: "Request filler", hint: "can you, I want, please… dropped from the query" },
  { id: "argumentValues", label: "Argument values", hint: "an argument's enum (driving, walking) is searched too" },
  { id: "shapeWords", label: "Shape words", hint: "example.com reads as url, notes.md as file, #random as channel" },
];

type LevelOption = LevelClientOption | "fuzzy" | "addressWords";

const LEVEL_OPTIONS: Array<{ id: LevelOption; label: string; hint: string; levels: number[] }> = [
  {
    id: "fuzzy",
    label: "Fuzzy matching",
    hint: "typos: edit distance as a share of the word",
    levels: [0, 0.1, 0.2, 0.3],
  },
  {
    id: "serverPrior",
    label: "Server prior",
    hint: "“on Stripe”: that server's tools score × (1 + this)",
    levels: [0, 0.25, 0.5, 1],
  },
  {
    id: "proximity",
    label: "Proximity",
    hint: "query words side by side in a name or description: + this × IDF",
    levels: [0, 0.25, 0.5, 1],
  },
  {
    id: "addressWords",
    label: "Address words",
    hint: "words in a web address's path, a file path or an email (…/post/1) count at this; 1 = as any word",
    levels: [0, 0.35, 0.5, 1],
  },
  {
    id: "entityPrior",
    label: "Entity prior",
    hint: "a URL, date, path, email, owner/name, $ amount or #12 in the query: tools whose required args take it × (1 + this)",
    levels: [0, 0.2, 0.3, 0.5],
  },
  {
    id: "nameAction",
    label: "Name action",
    hint: "the query has a name's action and its object (search + files): + this × IDF",
    levels: [0, 0.5, 1, 2],
  },
  {
    id: "coverage",
    label: "Coverage",
    hint: "score × (1 + this × share of the query's words the tool has, by IDF)",
    levels: [0, 0.3, 0.6, 1],
  },
  {
    id: "plainBm25",
    label: "Plain BM25",
    hint: "+ this × BM25 of the query's own words over the whole tool, fields unweighted",
    levels: [0, 0.2, 0.4, 0.7],
  },
  {
    id: "exactWords",
    label: "Exact words",
    hint: `the first ${EXACT_WORDS_DEPTH} hits re-ranked by the query's words as written (unstemmed): the best gains this × the first's score`,
    levels: [0, 0.1, 0.2, 0.4],
  },
  {
    id: "actionVerbs",
    label: "Action verbs",
    hint: "WordNet: clean is a way to remove, erase means delete; the tool's verb counts at this",
    levels: [0, 0.3, 0.5, 0.8],
  },
  {
    id: "similarWords",
    label: "Similar words",
    hint: "word vectors: remember ≈ memory counts at this × their cosine",
    levels: [0, 0.2, 0.4, 0.6],
  },
];

const FIELDS: Array<{ id: SearchField; label: string }> = [
  { id: "name", label: "Name" },
  { id: "description", label: "Description" },
  { id: "parameterName", label: "Arg names" },
  { id: "parameterDescription", label: "Arg texts" },
];

function Effect({ effect, k, pending }: { effect: OptionEffect | undefined; k: number; pending: boolean }) {
  if (effect === undefined) return <span className="text-xs text-muted">{pending ? "…" : ""}</span>;
  const worse = effect.mrrDelta < -1e-9 || (Math.abs(effect.mrrDelta) < 1e-9 && effect.recallAtKDelta < -1e-9);
  const better = effect.mrrDelta > 1e-9 || (Math.abs(effect.mrrDelta) < 1e-9 && effect.recallAtKDelta > 1e-9);
  return (
    <span
      className={`tabular ml-auto text-right text-xs ${worse ? "text-danger" : better ? "text-success" : "text-muted"} ${pending ? "opacity-60" : ""}`}
      data-testid={`option-effect-${effect.id}`}
      data-mrr-delta={effect.mrrDelta}
      title={`With this setting ${effect.change}: recall@${k} ${formatPoints(effect.recallAtKDelta)}, MRR ${formatSigned(effect.mrrDelta, 3)}`}
    >
      {effect.change}: MRR {formatSigned(effect.mrrDelta, 3)} · R@{k} {formatPoints(effect.recallAtKDelta)}
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
  return (
    <section className="flex flex-col rounded-2xl border border-line bg-panel shadow-sm" data-testid="client-options">
      <header className="flex items-center justify-between gap-3 border-b border-line px-5 py-3">
        <div>
          <h2 className="text-base font-semibold">Client search options</h2>
          <p className="text-xs text-muted">
            Ours only: the emulations follow Anthropic and have no options. Beside each: what flipping it does here.
          </p>
        </div>
        <Button size="sm" variant="ghost" disabled={!changed} onClick={onReset} data-testid="options-reset">
          Defaults
        </Button>
      </header>
      {/* Each row wraps its measured effect under the label when the panel is narrow (a phone), not over it. */}
      <ul className="flex flex-col divide-y divide-line">
        {BOOLEAN_OPTIONS.map((option) => (
          <li key={option.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-2.5">
            <Switch
              checked={options[option.id]}
              label={option.label}
              onChange={(checked) => onChange({ [option.id]: checked })}
              testId={`option-${option.id}`}
            />
            <div className="min-w-[4.5rem] flex-1">
              <p className="text-sm font-medium">{option.label}</p>
              <p className="text-xs text-muted">{option.hint}</p>
            </div>
            <Effect effect={effectOf(option.id)} k={k} pending={pending} />
          </li>
        ))}
        <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-2.5">
          <select
            className={`${selectClass} w-24`}
            value={options.stemmer}
            onChange={(event) => onChange({ stemmer: event.target.value === "porter" ? "porter" : "porter2" })}
            aria-label="Stemmer"
            data-testid="option-stemmer"
          >
            <option value="porter2">Porter2</option>
            <option value="porter">Porter</option>
          </select>
          <div className="min-w-[4.5rem] flex-1">
            <p className="text-sm font-medium">Stemmer</p>
            <p className="text-xs text-muted">Snowball&apos;s Porter2 (quickly → quick) or Porter&apos;s 1980 rules</p>
          </div>
          <Effect effect={effectOf("stemmer")} k={k} pending={pending} />
        </li>
        {LEVEL_OPTIONS.map((option) => (
          <li key={option.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-2.5">
            <select
              className={`${selectClass} w-24`}
              value={options[option.id]}
              onChange={(event) => onChange({ [option.id]: Number(event.target.value) })}
              aria-label={option.label}
              data-testid={`option-${option.id}`}
            >
              {[...new Set([...option.levels, options[option.id]])]
                .sort((left, right) => left - right)
                .map((level) => (
                  <option key={level} value={level}>
                    {level === 0 ? "off" : level}
                  </option>
                ))}
            </select>
            <div className="min-w-[4.5rem] flex-1">
              <p className="text-sm font-medium">{option.label}</p>
              <p className="text-xs text-muted">{option.hint}</p>
            </div>
            {option.id === "similarWords" && wordVectors?.loaded === false ? (
              <span
                className="ml-auto text-right text-xs text-danger"
                data-testid="word-vectors-problem"
                title={wordVectors.problem}
              >
                unavailable: {wordVectors.problem}
              </span>
            ) : (
              <Effect effect={effectOf(option.id)} k={k} pending={pending} />
            )}
          </li>
        ))}
        <li className="flex flex-col gap-2 px-5 py-3">
          <div className="flex items-center justify-between gap-3">
            <p className="text-sm font-medium">Field weights</p>
            <Effect effect={effectOf("fieldWeights")} k={k} pending={pending} />
          </div>
          <div className="grid grid-cols-4 gap-2">
            {FIELDS.map((field) => (
              <label key={field.id} className="flex flex-col gap-1 text-xs text-muted">
                {field.label}
                <input
                  type="number"
                  min={0}
                  max={10}
                  step={0.5}
                  value={options.fieldWeights[field.id]}
                  onChange={(event) => {
                    const weight = Number(event.target.value);
                    if (Number.isFinite(weight) && weight >= 0)
                      onChange({ fieldWeights: { ...options.fieldWeights, [field.id]: weight } });
                  }}
                  className="tabular h-8 rounded-lg border border-line bg-panel px-2 text-sm text-ink"
                  data-testid={`field-weight-${field.id}`}
                />
              </label>
            ))}
          </div>
          <p className="text-xs text-muted">0 leaves a field out of the client search.</p>
        </li>
      </ul>
    </section>
  );
}
