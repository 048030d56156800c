/**
 * Word vectors for the client search's soft matches ("remember" ≈ `memory`): a table of general English words, each
 * with a direction in a 100-dimensional space, where words used in similar contexts point the same way. The table
 * ships as a small binary file derived from GloVe (`scripts/build-word-vectors.ts`; docs/SEARCH.md gives its
 * source, size and licence). This module only encodes, parses and compares: it reads no files, so it runs in the
 * page, a worker and Node alike.
 *
 * File format (little-endian), version 1:
 *
 *   bytes 0–3    "TDWV"
 *   bytes 4–7    uint32 version (1)
 *   bytes 8–11   uint32 word count n
 *   bytes 12–15  uint32 dimensions d
 *   bytes 16–19  uint32 byte length w of the word list
 *   next w       the words, UTF-8, separated by "\n"
 *   next n × d   int8 components, word by word; each vector scaled so its largest component is ±127
 */

/** Where the server serves the shipped table (`public/search/word-vectors.bin`); Node reads the file itself. */
export const WORD_VECTORS_URL_PATH = "/search/word-vectors.bin";

const MAGIC = "TDWV";
const VERSION = 1;
const HEADER_BYTES = 20;

/** A parsed table: the words, and their unit-length vectors one after another (`dimensions` numbers each). */
export type WordVectors = {
  dimensions: number;
  words: readonly string[];
  /** Word → its row in `vectors`. */
  rows: ReadonlyMap<string, number>;
  /** Row r is `vectors.subarray(r × dimensions, (r + 1) × dimensions)`, of length 1 (or all zeros). */
  vectors: Float32Array;
};

/** Writes `words` and their vectors in the format above, each vector quantised to int8. */
export function encodeWordVectors(
  words: readonly string[],
  vectors: readonly (readonly number[])[],
  dimensions: number,
): Uint8Array {
  if (words.length !== vectors.length) throw new Error("encodeWordVectors: one vector per word");
  for (const word of words) {
    if (word === "" || word.includes("\n")) throw new Error(`encodeWordVectors: bad word ${JSON.stringify(word)}`);
  }
  const wordBytes = new TextEncoder().encode(words.join("\n"));
  const bytes = new Uint8Array(HEADER_BYTES + wordBytes.length + words.length * dimensions);
  const view = new DataView(bytes.buffer);
  for (let index = 0; index < MAGIC.length; index += 1) bytes[index] = MAGIC.charCodeAt(index);
  view.setUint32(4, VERSION, true);
  view.setUint32(8, words.length, true);
  view.setUint32(12, dimensions, true);
  view.setUint32(16, wordBytes.length, true);
  bytes.set(wordBytes, HEADER_BYTES);
  const components = new Int8Array(bytes.buffer, HEADER_BYTES + wordBytes.length, words.length * dimensions);
  vectors.forEach((vector, row) => {
    if (vector.length !== dimensions) throw new Error(`encodeWordVectors: "${words[row]}" has ${vector.length} values`);
    const largest = Math.max(...vector.map(Math.abs));
    // Cosines ignore length, so each vector gets its own scale and the scale need not be stored.
    const scale = largest === 0 ? 0 : 127 / largest;
    for (let column = 0; column < dimensions; column += 1) {
      components[row * dimensions + column] = Math.round(vector[column] * scale);
    }
  });
  return bytes;
}

/** Reads a table written by `encodeWordVectors`; throws with what is wrong on a file that is not one. */
export function parseWordVectors(bytes: Uint8Array): WordVectors {
  if (bytes.length < HEADER_BYTES) throw new Error("word vectors: the file is shorter than its header");
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  if (magic !== MAGIC) throw new Error(`word vectors: expected the marker ${MAGIC}, found ${JSON.stringify(magic)}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(4, true);
  if (version !== VERSION) throw new Error(`word vectors: version ${version} is not supported (only ${VERSION})`);
  const count = view.getUint32(8, true);
  const dimensions = view.getUint32(12, true);
  const wordLength = view.getUint32(16, true);
  const expected = HEADER_BYTES + wordLength + count * dimensions;
  if (bytes.length !== expected) {
    throw new Error(
      `word vectors: ${count} words × ${dimensions} dimensions need ${expected} bytes, found ${bytes.length}`,
    );
  }
  const words =
    count === 0 ? [] : new TextDecoder().decode(bytes.subarray(HEADER_BYTES, HEADER_BYTES + wordLength)).split("\n");
  if (words.length !== count)
    throw new Error(`word vectors: the header says ${count} words, the list has ${words.length}`);
  const components = new Int8Array(bytes.buffer, bytes.byteOffset + HEADER_BYTES + wordLength, count * dimensions);
  const vectors = new Float32Array(count * dimensions);
  for (let row = 0; row < count; row += 1) {
    let squares = 0;
    for (let column = 0; column < dimensions; column += 1) squares += components[row * dimensions + column] ** 2;
    const inverse = squares === 0 ? 0 : 1 / Math.sqrt(squares);
    for (let column = 0; column < dimensions; column += 1) {
      vectors[row * dimensions + column] = components[row * dimensions + column] * inverse;
    }
  }
  return { dimensions, words, rows: new Map(words.map((word, row) => [word, row])), vectors };
}

/** The unit vector of `word`, or undefined when the table does not have it. */
export function vectorOf(table: WordVectors, word: string): Float32Array | undefined {
  const row = table.rows.get(word);
  return row === undefined ? undefined : table.vectors.subarray(row * table.dimensions, (row + 1) * table.dimensions);
}

/** The dot product of two vectors of the same length: their cosine when both have length 1. */
export function dot(left: ArrayLike<number>, right: ArrayLike<number>): number {
  let sum = 0;
  for (let index = 0; index < left.length; index += 1) sum += left[index] * right[index];
  return sum;
}

/** The unit-length mean of several unit vectors (undefined for none, or when they cancel out). */
export function meanDirection(vectors: readonly ArrayLike<number>[], dimensions: number): Float32Array | undefined {
  if (vectors.length === 0) return undefined;
  const sum = new Float32Array(dimensions);
  for (const vector of vectors) for (let index = 0; index < dimensions; index += 1) sum[index] += vector[index];
  const length = Math.sqrt(dot(sum, sum));
  if (length === 0) return undefined;
  for (let index = 0; index < dimensions; index += 1) sum[index] /= length;
  return sum;
}
