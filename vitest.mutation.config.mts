/**
 * The Vitest configuration Stryker runs (stryker.config.mjs): the project's, with `include` narrowed to the test
 * files of the folder being mutated (MUTATION_TESTS, comma-separated globs, set by scripts/mutation.ts). Without it
 * every mutant of lib/cache would be checked against nearly the whole suite, CLI tests included.
 */
import base from "./vitest.config.mts";

const include = (process.env.MUTATION_TESTS ?? "").split(",").filter(Boolean);

export default include.length > 0 ? { ...base, test: { ...base.test, include } } : base;
