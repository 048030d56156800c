/**
 * Reads the client search's word-vector table from disk for Node (the CLI, benchmarks, scripts). The page and the
 * lab worker fetch the same file from the server (`WORD_VECTORS_URL_PATH`); `scripts/build-word-vectors.ts` writes it.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseWordVectors, type WordVectors } from "../lib/search/word-vectors";

export const WORD_VECTORS_FILE = fileURLToPath(new URL("../public/search/word-vectors.bin", import.meta.url));

export function readWordVectorsFile(path: string = WORD_VECTORS_FILE): WordVectors {
  return parseWordVectors(new Uint8Array(readFileSync(path)));
}
