/**
 * `npm run test:planted`: plants each bug of the table below (each once passed every test) in the source, one at a
 * time, runs the tests that should catch it, and restores the file. Every bug must make at least one of its tests
 * fail. A bug whose code is not found (its file changed) is reported as stale, so the table is kept up to date.
 * Exit code 1 when a bug survives or is stale. Edits files in place: run it on a clean checkout.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";

type PlantedBug = { bug: string; file: string; find: string; replace: string; tests: string[] };

export const PLANTED_BUGS: readonly PlantedBug[] = [
  {
    bug: "TTL boundary > → >= (a request exactly 300 s later reads the entry)",
    file: "lib/cache/cache-outcome.ts",
    find: "return entry.expiresAtSeconds > nowSeconds;",
    replace: "return entry.expiresAtSeconds >= nowSeconds;",
    tests: ["lib/cache/ttl-boundary.test.ts", "lib/engine/session.test.ts"],
  },
  {
    bug: "1-hour cache writes priced at the 5-minute rate",
    file: "lib/simulator/price-rendered-request.ts",
    find: "const costOptions: CostOptions = { ttl: input.ttl,",
    replace: 'const costOptions: CostOptions = { ttl: "5m",',
    tests: ["lib/engine/cache-write-pricing.test.ts"],
  },
  {
    bug: "BM25 k1 1.2 → 1.5",
    file: "lib/search/anthropic-bm25-search.ts",
    find: "{ k1: 1.2, b: 0.75 }",
    replace: "{ k1: 1.5, b: 0.75 }",
    tests: ["lib/search/anthropic-bm25-scores.test.ts"],
  },
  {
    bug: "BM25 b 0.75 → 0.5",
    file: "lib/search/anthropic-bm25-search.ts",
    find: "{ k1: 1.2, b: 0.75 }",
    replace: "{ k1: 1.2, b: 0.5 }",
    tests: ["lib/search/anthropic-bm25-scores.test.ts"],
  },
  {
    bug: "BM25 length normalisation removed",
    file: "lib/search/anthropic-bm25-search.ts",
    find: "const lengthRatio = averageLength === 0 ? 1 : documentLengths[documentIndex] / averageLength;",
    replace: "const lengthRatio = 1;",
    tests: ["lib/search/anthropic-bm25-scores.test.ts"],
  },
  {
    bug: "explicit cache_control marker placed on a deferred tool (a 400 at the API)",
    file: "lib/providers/anthropic/anthropic-messages.ts",
    find: "if (!list.segments[index].outsidePrompt) {",
    replace: "if (index >= 0) {",
    tests: ["lib/providers/golden/settings-variants.test.ts"],
  },
  {
    bug: "the 1-hour ttl dropped from cache_control",
    file: "lib/providers/anthropic/anthropic-messages.ts",
    find: 'settings.cacheTtl === "1h" ? { type: "ephemeral", ttl: "1h" } : { type: "ephemeral" }',
    replace: '{ type: "ephemeral" }',
    tests: ["lib/providers/golden/settings-variants.test.ts"],
  },
  {
    bug: 'share-link "long" threshold 32k → 16k',
    file: "lib/share/share-limits.ts",
    find: "export const SHARE_LINK_MAX_CHARS = 32_000;",
    replace: "export const SHARE_LINK_MAX_CHARS = 16_000;",
    tests: ["lib/share/share-limits.test.ts"],
  },
  {
    bug: "SHARE_LINK_MAX_CHARS ×10",
    file: "lib/share/share-limits.ts",
    find: "export const SHARE_LINK_MAX_CHARS = 32_000;",
    replace: "export const SHARE_LINK_MAX_CHARS = 320_000;",
    tests: ["lib/share/share-limits.test.ts"],
  },
  {
    bug: "write counted over the read tokens too",
    file: "lib/cache/explicit-breakpoints.ts",
    find: "writeTokens: trace.cumulativeTokens[cachedBlockCount] - trace.cumulativeTokens[readBlockCount],",
    replace: "writeTokens: trace.cumulativeTokens[cachedBlockCount],",
    tests: ["lib/cache"],
  },
  {
    bug: "lookback one block shorter",
    file: "lib/cache/explicit-breakpoints.ts",
    find: "const earliest = Math.max(0, breakpoint - lookbackBlocks);",
    replace: "const earliest = Math.max(0, breakpoint - lookbackBlocks + 1);",
    tests: ["lib/cache"],
  },
  {
    bug: "cache reads priced at the input price",
    file: "lib/models/cost.ts",
    find: "(tokens.cacheRead * prices.cacheReadPerMillion)",
    replace: "(tokens.cacheRead * prices.inputPerMillion)",
    tests: ["lib/models", "lib/engine/cache-write-pricing.test.ts"],
  },
  {
    bug: "defer_loading dropped from deferred tools",
    file: "lib/providers/anthropic/anthropic-messages.ts",
    find: '...(variant === "deferred" ? { defer_loading: true } : {}),',
    replace: "",
    tests: ["lib/providers/golden", "lib/strategies/strategies.test.ts"],
  },
  {
    bug: "refresh on read renews only the entry that served the read",
    file: "lib/cache/explicit-breakpoints.ts",
    find: "for (const hit of hits) if (hit.entry) nextEntries.set(",
    replace: "for (const hit of hits) if (hit.entry && hit.blockCount === readBlockCount) nextEntries.set(",
    tests: ["lib/cache/explicit-breakpoints.test.ts"],
  },
  {
    bug: "Kimi K3's 5-minute write priced at its read price",
    file: "lib/models/moonshot-models.ts",
    find: "cacheWrite5mPerMillion: 3,",
    replace: "cacheWrite5mPerMillion: 0.3,",
    tests: ["lib/models"],
  },
  {
    bug: "the stub's one-line description cut one character early",
    file: "lib/catalog/describe-tool.ts",
    find: "const cut = sentence.slice(0, Math.max(0, maxCharacters - 1));",
    replace: "const cut = sentence.slice(0, Math.max(0, maxCharacters - 2));",
    tests: ["lib/catalog/describe-tool.test.ts"],
  },
  {
    bug: "Fable 5.1's minimum cacheable length 512 → 1024",
    file: "lib/models/anthropic-models.ts",
    find: 'sourced(512, "unconfirmed", "not in PROTOCOLS.md §5.1; Fable 5\'s 512 assumed")',
    replace: 'sourced(1024, "unconfirmed", "not in PROTOCOLS.md §5.1; Fable 5\'s 512 assumed")',
    tests: ["lib/models"],
  },
  {
    bug: "key redaction matches credential names in lower case only",
    file: "lib/live/redact.ts",
    find: "x-provider-key)([\"']?\\s*[:=]\\s*[\"']?)[^\\s\"',}]{4,}/gi,",
    replace: "x-provider-key)([\"']?\\s*[:=]\\s*[\"']?)[^\\s\"',}]{4,}/g,",
    tests: ["lib/live/redact.test.ts"],
  },
];

function main(): void {
  const only = process.argv.slice(2);
  const bugs = only.length ? PLANTED_BUGS.filter((bug) => only.some((word) => bug.bug.includes(word))) : PLANTED_BUGS;
  let planted: { file: string; original: string } | null = null;
  const restore = () => {
    if (planted) fs.writeFileSync(planted.file, planted.original);
    planted = null;
  };
  process.on("SIGINT", () => {
    restore();
    process.exit(130);
  });
  let failures = 0;
  for (const bug of bugs) {
    const original = fs.readFileSync(bug.file, "utf8");
    if (original.split(bug.find).length !== 2) {
      console.log(`STALE    ${bug.bug}: "${bug.find}" is not in ${bug.file} exactly once; update the table`);
      failures += 1;
      continue;
    }
    planted = { file: bug.file, original };
    try {
      fs.writeFileSync(bug.file, original.replace(bug.find, bug.replace));
      const result = spawnSync("npx", ["vitest", "run", ...bug.tests], {
        encoding: "utf8",
        env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
      });
      const summary = /Tests\s+(.*)/.exec(result.stdout)?.[1]?.trim() ?? "no summary";
      const caught = result.status !== 0;
      if (!caught) failures += 1;
      console.log(`${caught ? "CAUGHT  " : "SURVIVED"} ${bug.bug} (${bug.tests.join(" ")}: ${summary})`);
    } finally {
      restore();
    }
  }
  console.log(`${bugs.length - failures} of ${bugs.length} planted bugs caught`);
  process.exit(failures > 0 ? 1 : 0);
}

// Run as a script only: scripts/planted-bugs.test.ts imports the table to check it is not stale.
if (process.argv[1]?.endsWith("planted-bugs.ts")) main();
