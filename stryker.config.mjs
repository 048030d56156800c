// @ts-check
import process from "node:process";

/**
 * Mutation testing (StrykerJS): plants one small bug at a time in the code whose output is a number or a wire
 * request and checks that some unit test fails. A report, not part of `npm test` (see docs/TESTING.md).
 *
 * The machine this runs on has few cores shared with other work, so one test-runner process by default
 * (STRYKER_CONCURRENCY to change it), per-test coverage so each mutant runs only the tests that reach it, and one
 * folder at a time through `--mutate` (scripts/mutation.ts does that for every folder in MUTATED_FOLDERS).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  packageManager: "npm",
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.mts", related: false },
  // The initial run collects per-test coverage of every selected test; on a busy 2-core machine that takes minutes.
  dryRunTimeoutMinutes: 20,
  coverageAnalysis: "perTest",
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 1),
  // The TypeScript checker drops mutants that do not compile; it doubles the run time, so it is opt-in.
  ...(process.env.STRYKER_TYPECHECK === "1" ? { checkers: ["typescript"], tsconfigFile: "tsconfig.json" } : {}),
  mutate: [
    "lib/cache/**/*.ts",
    "lib/models/**/*.ts",
    "lib/simulator/**/*.ts",
    "lib/strategies/**/*.ts",
    "lib/providers/**/*.ts",
    "lib/search/anthropic-bm25-search.ts",
    "lib/search/client-search.ts",
    "lib/search/tokenize.ts",
    "lib/share/share-limits.ts",
    "lib/share/share-link.ts",
    "lib/decide/closed-form.ts",
    "!lib/**/*.test.ts",
    "!lib/**/test-support.ts",
    "!lib/**/index.ts",
    "!lib/**/types.ts",
    "!lib/providers/golden/**",
  ],
  // Vitest strips types without checking them, so Stryker need not add `// @ts-nocheck` (which would also change
  // the generated golden module that a test compares byte for byte).
  disableTypeChecks: false,
  ignorePatterns: [".stryker-tmp*", "data", "test-results", "playwright-report", ".next", "reports", "e2e"],
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: `reports/mutation/${process.env.STRYKER_REPORT_NAME ?? "mutation"}.html` },
  jsonReporter: { fileName: `reports/mutation/${process.env.STRYKER_REPORT_NAME ?? "mutation"}.json` },
  incrementalFile: "reports/mutation/stryker-incremental.json",
  thresholds: { high: 85, low: 75, break: null },
  timeoutMS: 60_000,
  // One temp dir per folder, so two folders can run at once without one cleaning up the other's sandbox.
  tempDirName: `.stryker-tmp-${process.env.STRYKER_REPORT_NAME ?? "mutation"}`,
  cleanTempDir: true,
};

export default config;
