/**
 * What each client-search option buys on this catalog and query set: the client search is evaluated again with
 * one option flipped at a time, and the change in recall@k and MRR is the option's effect. An option that is on
 * shows what turning it off would cost; one that is off shows what turning it on would give.
 */
import type { CatalogTool } from "../core/catalog";
import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/translator";
import {
  DEFAULT_CLIENT_SEARCH_OPTIONS,
  createClientSearch,
  type ClientSearchOptions,
  type ClientSearchResources,
} from "../search";

import { runSearch, type SearchSummary } from "./evaluate-catalog";
import type { LabQuery } from "./query-set";
import { runSteps, type Steps } from "./steps";

export type ClientOptionId =
  | "splitIdentifiers"
  | "stemming"
  | "stemmer"
  | "stopWords"
  | "synonyms"
  | "prefix"
  | "fuzzy"
  | "fieldWeights"
  | "requestFiller"
  | "serverPrior"
  | "proximity"
  | "argumentValues"
  | "shapeWords"
  | "addressWords"
  | "entityPrior"
  | "nameAction"
  | "coverage"
  | "plainBm25"
  | "exactWords"
  | "actionVerbs"
  | "similarWords";

export const CLIENT_OPTION_IDS: readonly ClientOptionId[] = [
  "splitIdentifiers",
  "stemming",
  "stemmer",
  "stopWords",
  "fieldWeights",
  "synonyms",
  "prefix",
  "fuzzy",
  "requestFiller",
  "serverPrior",
  "proximity",
  "argumentValues",
  "shapeWords",
  "addressWords",
  "entityPrior",
  "nameAction",
  "coverage",
  "plainBm25",
  "exactWords",
  "actionVerbs",
  "similarWords",
];

/**
 * The level a switched-on number option takes: its default, or for one that is off by default (coverage) the
 * level docs/SEARCH.md measured.
 */
export const CLIENT_OPTION_ON_LEVELS = {
  serverPrior: DEFAULT_CLIENT_SEARCH_OPTIONS.serverPrior,
  proximity: DEFAULT_CLIENT_SEARCH_OPTIONS.proximity,
  coverage: DEFAULT_CLIENT_SEARCH_OPTIONS.coverage > 0 ? DEFAULT_CLIENT_SEARCH_OPTIONS.coverage : 0.6,
  plainBm25: DEFAULT_CLIENT_SEARCH_OPTIONS.plainBm25 > 0 ? DEFAULT_CLIENT_SEARCH_OPTIONS.plainBm25 : 0.4,
  exactWords: DEFAULT_CLIENT_SEARCH_OPTIONS.exactWords > 0 ? DEFAULT_CLIENT_SEARCH_OPTIONS.exactWords : 0.2,
  nameAction: DEFAULT_CLIENT_SEARCH_OPTIONS.nameAction > 0 ? DEFAULT_CLIENT_SEARCH_OPTIONS.nameAction : 1,
  actionVerbs: DEFAULT_CLIENT_SEARCH_OPTIONS.actionVerbs > 0 ? DEFAULT_CLIENT_SEARCH_OPTIONS.actionVerbs : 0.3,
  entityPrior: DEFAULT_CLIENT_SEARCH_OPTIONS.entityPrior > 0 ? DEFAULT_CLIENT_SEARCH_OPTIONS.entityPrior : 0.2,
  similarWords: DEFAULT_CLIENT_SEARCH_OPTIONS.similarWords,
} as const;

/** What a variant flips, as values: its words come from `changeWords` in the reader's language. */
export type OptionChange =
  | { kind: "off" }
  | { kind: "on"; level?: number }
  | { kind: "stemmer"; stemmer: "Porter" | "Porter2" }
  | { kind: "default-weights" }
  | { kind: "flat-weights" }
  | { kind: "as-any-word" }
  | { kind: "level"; level: number };

/** "off", "on (0.25)", "all fields 1"… in `locale` (lib/i18n/messages/<locale>/lab.json, `optionChange`). */
export function changeWords(change: OptionChange, locale: Locale = "en"): string {
  const t = translatorFor(locale, "lab");
  switch (change.kind) {
    case "off":
      return t("optionChange.off");
    case "on":
      return change.level === undefined ? t("optionChange.on") : t("optionChange.onAt", { level: change.level });
    case "stemmer":
      return change.stemmer;
    case "default-weights":
      return t("optionChange.defaultWeights");
    case "flat-weights":
      return t("optionChange.flatWeights");
    case "as-any-word":
      return t("optionChange.asAnyWord");
    case "level":
      return t("optionChange.level", { level: change.level });
  }
}

function variantOf(id: ClientOptionId, change: OptionChange, options: ClientSearchOptions): OptionVariant {
  return { id, change: changeWords(change), changeFacts: change, options };
}

export type OptionVariant = {
  id: ClientOptionId;
  /** The change in English (tests, CLI); `changeFacts` renders it in any language. */
  change: string;
  changeFacts: OptionChange;
  options: ClientSearchOptions;
};

const FLAT_WEIGHTS = { name: 1, description: 1, parameterName: 1, parameterDescription: 1 };

function sameWeights(left: ClientSearchOptions["fieldWeights"], right: ClientSearchOptions["fieldWeights"]): boolean {
  return (
    left.name === right.name &&
    left.description === right.description &&
    left.parameterName === right.parameterName &&
    left.parameterDescription === right.parameterDescription
  );
}

/** The client search's on/off settings (the lab's options panel lists the same ones). */
export type BooleanClientOption =
  | "splitIdentifiers"
  | "stemming"
  | "stopWords"
  | "synonyms"
  | "prefix"
  | "requestFiller"
  | "argumentValues"
  | "shapeWords";

/** The client search's settings that are a level, off at 0 (the options panel lists them, and `fuzzy`). */
export type LevelClientOption =
  | "serverPrior"
  | "proximity"
  | "nameAction"
  | "coverage"
  | "plainBm25"
  | "exactWords"
  | "actionVerbs"
  | "entityPrior"
  | "similarWords";

/**
 * Address words are a weight where 1 is neutral (every word as written) and 0 cuts them: flipping it compares the
 * default discount with no discount, or a changed setting with the default.
 */
function addressWordsVariant(options: ClientSearchOptions): OptionVariant {
  const target = options.addressWords < 1 ? 1 : DEFAULT_CLIENT_SEARCH_OPTIONS.addressWords;
  return variantOf("addressWords", target === 1 ? { kind: "as-any-word" } : { kind: "level", level: target }, {
    ...options,
    addressWords: target,
  });
}

/** The options with one setting flipped, for each setting. */
export function optionVariants(options: ClientSearchOptions): OptionVariant[] {
  const flip = (id: BooleanClientOption): OptionVariant =>
    variantOf(id, options[id] ? { kind: "off" } : { kind: "on" }, { ...options, [id]: !options[id] });
  const level = (id: LevelClientOption): OptionVariant =>
    variantOf(id, options[id] > 0 ? { kind: "off" } : { kind: "on", level: CLIENT_OPTION_ON_LEVELS[id] }, {
      ...options,
      [id]: options[id] > 0 ? 0 : CLIENT_OPTION_ON_LEVELS[id],
    });
  const flatNow = sameWeights(options.fieldWeights, FLAT_WEIGHTS);
  return [
    flip("splitIdentifiers"),
    flip("stemming"),
    variantOf(
      "stemmer",
      { kind: "stemmer", stemmer: options.stemmer === "porter2" ? "Porter" : "Porter2" },
      { ...options, stemmer: options.stemmer === "porter2" ? "porter" : "porter2" },
    ),
    flip("stopWords"),
    variantOf("fieldWeights", flatNow ? { kind: "default-weights" } : { kind: "flat-weights" }, {
      ...options,
      fieldWeights: flatNow ? { ...DEFAULT_CLIENT_SEARCH_OPTIONS.fieldWeights } : { ...FLAT_WEIGHTS },
    }),
    flip("synonyms"),
    flip("prefix"),
    variantOf(
      "fuzzy",
      options.fuzzy > 0 ? { kind: "off" } : { kind: "on", level: DEFAULT_CLIENT_SEARCH_OPTIONS.fuzzy },
      {
        ...options,
        fuzzy: options.fuzzy > 0 ? 0 : DEFAULT_CLIENT_SEARCH_OPTIONS.fuzzy,
      },
    ),
    flip("requestFiller"),
    level("serverPrior"),
    level("proximity"),
    flip("argumentValues"),
    flip("shapeWords"),
    addressWordsVariant(options),
    level("entityPrior"),
    level("nameAction"),
    level("coverage"),
    level("plainBm25"),
    level("exactWords"),
    level("actionVerbs"),
    level("similarWords"),
  ];
}

export type OptionEffect = {
  id: ClientOptionId;
  /** What was flipped, in English words: "off", "on", "all fields 1"… */
  change: string;
  changeFacts: OptionChange;
  summary: SearchSummary;
  /** Flipped minus current: negative means the current setting is worth keeping. */
  recallAtKDelta: number;
  mrrDelta: number;
};

/** The effects one variant at a time, yielding after each so that the worker can answer an edit in between. */
export function* optionEffectsSteps(
  tools: readonly CatalogTool[],
  queries: readonly LabQuery[],
  options: ClientSearchOptions,
  k: number,
  current?: SearchSummary,
  resources: ClientSearchResources = {},
): Steps<OptionEffect[]> {
  const now = current ?? runSearch(createClientSearch(tools, options, resources), queries, k).summary;
  const effects: OptionEffect[] = [];
  // Without a word-vector table the soft matches do nothing, so flipping them would measure nothing.
  // Nor the action verbs without their table.
  const variants = optionVariants(options).filter(
    (variant) =>
      (variant.id !== "similarWords" || resources.wordVectors) &&
      (variant.id !== "actionVerbs" || resources.actionVerbs),
  );
  for (const variant of variants) {
    const summary = runSearch(createClientSearch(tools, variant.options, resources), queries, k).summary;
    effects.push({
      id: variant.id,
      change: variant.change,
      changeFacts: variant.changeFacts,
      summary,
      recallAtKDelta: summary.recallAtK - now.recallAtK,
      mrrDelta: summary.mrr - now.mrr,
    });
    yield;
  }
  return effects;
}

export function optionEffects(
  tools: readonly CatalogTool[],
  queries: readonly LabQuery[],
  options: ClientSearchOptions,
  k: number,
  current?: SearchSummary,
  resources: ClientSearchResources = {},
): OptionEffect[] {
  return runSteps(optionEffectsSteps(tools, queries, options, k, current, resources));
}
