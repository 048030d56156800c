/**
 * `npm run test:mutation [-- <folder>… | --incremental | --list]`: StrykerJS over the code whose output is a number or
 * a wire request, one folder at a time (each folder's mutants run only the tests related to it), then a table of
 * mutation scores per folder. Reports go to reports/mutation/<folder>.html and .json. See docs/TESTING.md.
 *
 *   npm run test:mutation                   every folder below, one after the other
 *   npm run test:mutation -- cache pricing  only these folders
 *   npm run test:mutation -- --incremental  re-test only mutants whose code or covering tests changed since the last
 *                                           run of that folder (Stryker's incremental mode, one file per folder)
 *   npm run test:mutation -- --ignore-static <folder>   leave out the mutants in code that runs when a module loads
 *   npm run test:mutation -- --union <report>…          the score of several reports of the same files together
 *
 * STRYKER_CONCURRENCY (default 1) sets how many test runners Stryker starts; STRYKER_TYPECHECK=1 adds the
 * TypeScript checker (mutants that do not compile are then dropped instead of run).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * StrykerJS 10 needs Node.js 22 or later, so it runs on the current LTS from the npm registry (scripts/node-lts.mjs);
 * the test runners it starts inherit that binary.
 */
const STRYKER_BIN = "node_modules/@stryker-mutator/core/bin/stryker.js";

/**
 * The strategies' own tests and the golden requests (every strategy's wire bytes on every provider), in the order
 * they run (vitest.mutation.config.mts): the records test first, since it kills a changed record in a second.
 */
const STRATEGY_TESTS = [
  "lib/strategies/strategy-records.test.ts",
  "lib/strategies/strategies.test.ts",
  "lib/strategies/discovery-paths.test.ts",
  "lib/strategies/client-side.test.ts",
  "lib/strategies/*.test.ts",
  "lib/providers/golden/golden.test.ts",
];
const STRATEGY_CORE_FILES = [
  "lib/strategies/discovery.ts",
  "lib/strategies/helper-tools.ts",
  "lib/strategies/stubs.ts",
  "lib/strategies/full.ts",
  "lib/strategies/naive-dynamic.ts",
  "lib/strategies/definitions.ts",
  "lib/strategies/call-tool.ts",
];
const STRATEGY_NATIVE_FILES = [
  "lib/strategies/anthropic-tool-search.ts",
  "lib/strategies/openai-tool-search.ts",
  "lib/strategies/provider-native-search.ts",
  "lib/strategies/kimi-dynamic.ts",
  "lib/strategies/anthropic-mid-conversation.ts",
  "lib/strategies/gateway.ts",
  "lib/strategies/client-search-flow.ts",
  "lib/strategies/native-client-side.ts",
];
/**
 * The renderers' own unit tests first (small transcripts, milliseconds: a mutant they kill stops there), then the
 * wire bytes (goldens, default and non-default settings), the wire facts, and the segments every renderer emits
 * beside its body (body-segments.test.ts compares them with the body read back), and the simulated responses read
 * back by the live and trace readers (simulated-response.test.ts).
 */
const PROVIDER_TESTS = [
  "lib/providers/anthropic/anthropic-messages.test.ts",
  "lib/providers/openai-renderers.test.ts",
  "lib/providers/golden/*.test.ts",
  "lib/providers/wire-facts.test.ts",
  "lib/providers/body-segments.test.ts",
  "lib/providers/simulated-response.test.ts",
];
const PROVIDER_ANTHROPIC_FILES = ["lib/providers/anthropic/anthropic-messages.ts"];
const PROVIDER_OPENAI_FILES = [
  "lib/providers/openai-responses/openai-responses.ts",
  "lib/providers/openai-chat/openai-chat.ts",
  "lib/providers/moonshot/kimi-reasoning.ts",
];

/**
 * Folder name → files to mutate and the tests that check them (globs). Data tables (model lists, fixtures) and
 * type-only files are not mutated. Each folder runs only its own tests, so one run fits in minutes, not hours.
 */
export const MUTATED_FOLDERS: Record<string, { files: string[]; tests: string[]; goal: number }> = {
  cache: {
    files: [
      "lib/cache/*.ts",
      "!lib/cache/*.test.ts",
      "!lib/cache/test-support.ts",
      "!lib/cache/index.ts",
      "!lib/cache/types.ts",
    ],
    tests: ["lib/cache/*.test.ts"],
    goal: 85,
  },
  pricing: {
    files: ["lib/models/cost.ts", "lib/models/cache-rules.ts", "lib/models/model-table.ts"],
    tests: ["lib/models/*.test.ts", "lib/engine/cache-write-pricing.test.ts", "lib/engine/session.test.ts"],
    goal: 85,
  },
  session: {
    files: ["lib/simulator/*.ts", "!lib/simulator/*.test.ts", "lib/engine/totals.ts"],
    tests: ["lib/simulator/*.test.ts", "lib/engine/*.test.ts", "lib/strategies/*.test.ts"],
    goal: 85,
  },
  // The strategies: every file that is not types or the barrel (about 1,100 mutants). On a shared 2-core machine one
  // runner checks about ten mutants a minute, so the folder is also split in three parts that can run side by side
  // (each its own report): the strategies driven by the client alone, the provider-native ones with the searches they
  // share, and the client side of a live run.
  strategies: {
    files: ["lib/strategies/*.ts", "!lib/strategies/*.test.ts", "!lib/strategies/index.ts", "!lib/strategies/types.ts"],
    tests: STRATEGY_TESTS,
    goal: 75,
  },
  "strategies-core": {
    files: STRATEGY_CORE_FILES,
    tests: STRATEGY_TESTS,
    goal: 75,
  },
  "strategies-native": {
    files: STRATEGY_NATIVE_FILES,
    tests: STRATEGY_TESTS,
    goal: 75,
  },
  "strategies-client": {
    files: ["lib/strategies/client-side.ts"],
    tests: STRATEGY_TESTS,
    goal: 75,
  },
  // The ten files not in the parts above when they were measured: the strategy records (mostly module-level
  // literals, "static" mutants that meet the records test first), the helper tools and the record table.
  "strategies-records": {
    files: [
      "lib/strategies/full.ts",
      "lib/strategies/stubs.ts",
      "lib/strategies/gateway.ts",
      "lib/strategies/kimi-dynamic.ts",
      "lib/strategies/anthropic-mid-conversation.ts",
      "lib/strategies/anthropic-tool-search.ts",
      "lib/strategies/openai-tool-search.ts",
      "lib/strategies/helper-tools.ts",
      "lib/strategies/definitions.ts",
      "lib/strategies/native-client-side.ts",
    ],
    tests: STRATEGY_TESTS,
    goal: 75,
  },
  // The four renderers: Anthropic Messages, OpenAI Responses, OpenAI Chat Completions with its Moonshot variant and
  // the Kimi reasoning text (every wire request of every run). The golden requests are built inside their tests, so
  // each mutant runs only the tests that reach it. Split in two parts that can run side by side. The body segmenters
  // and the segment list are `providers-segments`, the limits `providers-limits`.
  providers: {
    files: [...PROVIDER_ANTHROPIC_FILES, ...PROVIDER_OPENAI_FILES],
    tests: PROVIDER_TESTS,
    goal: 75,
  },
  "providers-anthropic": { files: PROVIDER_ANTHROPIC_FILES, tests: PROVIDER_TESTS, goal: 75 },
  "providers-openai": { files: PROVIDER_OPENAI_FILES, tests: PROVIDER_TESTS, goal: 75 },
  // The body segmenters and the segment list: the coloured cache-prefix segments of the main view, of every simulated
  // request (the renderers add their blocks through SegmentList) and of every recorded trace (segmentBody). Their own
  // unit tests first (hand-written bodies and texts, milliseconds), then the comparison of every renderer's segments
  // with its body read back, and the renderers' unit tests.
  "providers-segments": {
    files: [
      "lib/providers/anthropic/anthropic-body-segments.ts",
      "lib/providers/openai-responses/openai-responses-body-segments.ts",
      "lib/providers/openai-chat/openai-chat-body-segments.ts",
      "lib/providers/segment-list.ts",
    ],
    tests: [
      "lib/providers/anthropic/anthropic-body-segments.test.ts",
      "lib/providers/openai-body-segments.test.ts",
      "lib/providers/segment-list.test.ts",
      "lib/providers/body-segments.test.ts",
      "lib/providers/anthropic/anthropic-messages.test.ts",
      "lib/providers/openai-renderers.test.ts",
    ],
    goal: 75,
  },
  // The provider limits: which requests a provider would refuse (a marker on a deferred tool, too many tools, a name
  // too long), flagged before anything is sent.
  "providers-limits": {
    files: ["lib/providers/limits.ts"],
    // The boundary tests first: they are fast and kill most mutants before the engine runs of limits.test.ts.
    tests: ["lib/providers/limits-boundaries.test.ts", "lib/providers/limits.test.ts"],
    goal: 75,
  },
  // The emulated Anthropic BM25 (its scores are documented).
  search: {
    files: ["lib/search/anthropic-bm25-search.ts"],
    tests: ["lib/search/anthropic-bm25-scores.test.ts", "lib/search/anthropic-bm25-search.test.ts"],
    goal: 75,
  },
  // The client search: about 900 mutants, 15–35 min with one runner on this machine.
  "search-client": {
    // search-quality.test.ts (whole benchmark sets, seconds per run) is left out: it covers every line of the
    // client search and would run for each of its mutants; the unit tests check the scores by hand instead.
    files: ["lib/search/client-search.ts", "lib/search/action-verb-lookup.ts"],
    tests: [
      "lib/search/client-search-action-verbs.test.ts",
      "lib/search/client-search.test.ts",
      "lib/search/client-search-similar-words.test.ts",
      "lib/search/client-search-proximity.test.ts",
      "lib/search/client-search-shape-words.test.ts",
      "lib/search/client-search-name-action.test.ts",
      "lib/search/client-search-open-survivors.test.ts",
      "lib/search/client-search-plain-bm25.test.ts",
      "lib/search/client-search-exact-words.test.ts",
      "lib/search/tool-fields.test.ts",
    ],
    goal: 75,
  },
  "search-stemmer": {
    // The client search's stemmer (Porter2): a wrong stem moves a tool's rank as surely as a wrong weight.
    files: ["lib/search/stem-porter2.ts"],
    tests: ["lib/search/stem-porter2.test.ts"],
    goal: 75,
  },
  share: {
    files: ["lib/share/share-limits.ts"],
    tests: ["lib/share/share-limits.test.ts", "lib/share/share-link.test.ts"],
    goal: 75,
  },
  // The hand-computed closed-form test only: break-even.test.ts and heat-map.test.ts compare the formula with full
  // engine runs computed in their describe blocks, which makes 161 of the 167 mutants "static" (every test re-runs
  // for each) and the run about 10 hours here. They stay in `npm test`.
  decide: {
    files: ["lib/decide/closed-form.ts"],
    tests: ["lib/decide/closed-form.test.ts"],
    goal: 75,
  },
};

type MutantStatus = "Killed" | "Survived" | "NoCoverage" | "Timeout" | "CompileError" | "RuntimeError" | "Ignored";
type Mutant = {
  status: MutantStatus;
  mutatorName: string;
  replacement?: string;
  location: { start: { line: number; column?: number }; end?: { line: number; column?: number } };
};
type Report = { files: Record<string, { source: string; mutants: Mutant[] }> };

/** Markdown rows of the mutants no test detected (`--survivors`): `file:line`, mutator, the line, the change. */
export function survivorRows(report: Report): string[] {
  const rows: string[] = [];
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    const lines = source.split("\n");
    for (const mutant of mutants) {
      if (mutant.status !== "Survived" && mutant.status !== "NoCoverage") continue;
      const line = mutant.location.start.line;
      const cell = (text: string) => text.replaceAll("|", "\\|").replace(/\s+/g, " ").trim().slice(0, 90);
      rows.push(
        `| ${file}:${line} | ${mutant.status === "NoCoverage" ? "no coverage" : "survived"} | ${mutant.mutatorName} | ` +
          `\`${cell(lines[line - 1] ?? "")}\` → \`${cell(mutant.replacement ?? "")}\` |`,
      );
    }
  }
  return rows;
}

/**
 * The union of several runs over the same files with different test sets (or one run with `--ignore-static` and one
 * of the static mutants against the test that pins them): a mutant any run detected is detected, since a test that
 * kills it in one set kills it in the whole suite; a mutant every run ignored stays out. Mutants are matched by place
 * and change, because ids differ between runs.
 */
export function unionOfReports(reports: Report[]): Report {
  const rank = (status: MutantStatus) =>
    status === "Killed" || status === "Timeout" ? 2 : status === "Survived" || status === "NoCoverage" ? 1 : 0;
  const files: Report["files"] = {};
  for (const report of reports) {
    for (const [file, { source, mutants }] of Object.entries(report.files)) {
      const merged = (files[file] ??= { source, mutants: [] });
      const keyOf = (mutant: Mutant) => {
        const { start, end } = mutant.location;
        return `${start.line}:${start.column}-${end?.line}:${end?.column} ${mutant.mutatorName} ${mutant.replacement}`;
      };
      const index = new Map(merged.mutants.map((mutant, position) => [keyOf(mutant), position]));
      for (const mutant of mutants) {
        const position = index.get(keyOf(mutant));
        if (position === undefined) {
          index.set(keyOf(mutant), merged.mutants.length);
          merged.mutants.push(mutant);
        } else if (rank(mutant.status) > rank(merged.mutants[position].status)) merged.mutants[position] = mutant;
      }
    }
  }
  return { files };
}

export function mutationScore(report: Report) {
  const counts: Record<string, number> = {};
  for (const file of Object.values(report.files)) {
    for (const mutant of file.mutants) counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
  }
  const detected = (counts.Killed ?? 0) + (counts.Timeout ?? 0);
  const undetected = (counts.Survived ?? 0) + (counts.NoCoverage ?? 0);
  const valid = detected + undetected;
  return { detected, undetected, valid, score: valid === 0 ? 100 : (100 * detected) / valid, counts };
}

function main(): void {
  const args = process.argv.slice(2);
  if (args.includes("--list")) {
    for (const [name, folder] of Object.entries(MUTATED_FOLDERS)) console.log(`${name}: ${folder.files.join(" ")}`);
    return;
  }
  const readReport = (name: string) =>
    JSON.parse(fs.readFileSync(path.join("reports", "mutation", `${name}.json`), "utf8")) as Report;
  if (args.includes("--union")) {
    // `--union a b …`: the score and the undetected mutants of several reports taken together (see unionOfReports).
    const union = unionOfReports(args.filter((arg) => !arg.startsWith("--")).map(readReport));
    const score = mutationScore(union);
    console.log(survivorRows(union).join("\n"));
    console.log(
      `union: ${score.score.toFixed(1)} %  ${score.detected}/${score.valid} detected, ` +
        `${score.counts.Survived ?? 0} survived, ${score.counts.NoCoverage ?? 0} no coverage, ` +
        `${score.counts.Ignored ?? 0} ignored by every run`,
    );
    return;
  }
  if (args.includes("--survivors")) {
    for (const name of args.filter((arg) => !arg.startsWith("--")))
      console.log(survivorRows(readReport(name)).join("\n"));
    return;
  }
  const incremental = args.includes("--incremental");
  const ignoreStatic = args.includes("--ignore-static");
  const requested = args.filter((arg) => !arg.startsWith("--"));
  const unknown = requested.filter((name) => !(name in MUTATED_FOLDERS));
  if (unknown.length > 0) {
    console.error(`mutation: unknown folder ${unknown.join(", ")}; known: ${Object.keys(MUTATED_FOLDERS).join(", ")}`);
    process.exit(2);
  }
  const names = requested.length > 0 ? requested : Object.keys(MUTATED_FOLDERS);
  const rows: string[] = [];
  let belowGoal = false;
  for (const name of names) {
    const folder = MUTATED_FOLDERS[name];
    const started = Date.now();
    const strykerArgs = [STRYKER_BIN, "run", "--mutate", folder.files.join(",")];
    if (incremental)
      strykerArgs.push("--incremental", "--incrementalFile", `reports/mutation/${name}-incremental.json`);
    // Static mutants (code run when a module loads) re-run every test of the folder each; with this flag Stryker
    // marks them Ignored, and a second run with the one test that pins them measures them (docs/TESTING.md).
    if (ignoreStatic) strykerArgs.push("--ignoreStatic");
    console.log(`mutation: ${name} (${folder.files.join(" ")})`);
    const result = spawnSync("node", ["scripts/node-lts.mjs", ...strykerArgs], {
      stdio: "inherit",
      env: { ...process.env, STRYKER_REPORT_NAME: name, MUTATION_TESTS: folder.tests.join(",") },
    });
    const minutes = (Date.now() - started) / 60_000;
    const reportPath = path.join("reports", "mutation", `${name}.json`);
    if (result.status !== 0 || !fs.existsSync(reportPath)) {
      rows.push(`${name.padEnd(11)} failed (exit ${result.status}) after ${minutes.toFixed(1)} min`);
      belowGoal = true;
      continue;
    }
    const score = mutationScore(JSON.parse(fs.readFileSync(reportPath, "utf8")) as Report);
    belowGoal ||= score.score < folder.goal;
    rows.push(
      `${name.padEnd(11)} ${score.score.toFixed(1).padStart(5)} %  goal ${folder.goal} %  ` +
        `${score.detected}/${score.valid} detected, ${score.counts.Survived ?? 0} survived, ` +
        `${score.counts.NoCoverage ?? 0} no coverage  ${minutes.toFixed(1)} min`,
    );
  }
  console.log(`\nmutation scores (killed + timeout over valid mutants):\n${rows.join("\n")}`);
  // A report, not a gate: the exit code says whether every folder met its goal, for whoever wants to gate on it.
  process.exit(belowGoal ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) main();
