/**
 * Loaded into the benchmarked server by `npm run bench:tap` (node --expose-gc --import): on SIGUSR2 it collects
 * garbage and writes process.memoryUsage() as JSON to BENCH_TAP_PROBE_FILE, so the bench reads the memory that is
 * really retained rather than garbage not yet collected. Never part of `npm start`.
 */
/* global process */
import fs from "node:fs";

const file = process.env.BENCH_TAP_PROBE_FILE;
if (file && typeof globalThis.gc === "function") {
  process.on("SIGUSR2", () => {
    globalThis.gc();
    globalThis.gc();
    fs.writeFileSync(file, JSON.stringify(process.memoryUsage()));
  });
}
