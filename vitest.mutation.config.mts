/**
 * The Vitest configuration Stryker runs (stryker.config.mjs): the project's, with `include` narrowed to the test
 * files of the folder being mutated (MUTATION_TESTS, comma-separated globs, set by scripts/mutation.ts). Without it
 * every mutant of lib/cache would be checked against nearly the whole suite, CLI tests included.
 *
 * The files run in the order the globs are listed. A "static" mutant (one in code that runs when a module loads,
 * such as a strategy's record) is checked against every test file, and Stryker stops at the first failure: listing
 * the fast test that pins such values first (lib/strategies/strategy-records.test.ts) turns minutes per mutant into
 * seconds. Vitest's own order (slowest file first) would run the whole golden-request comparison first.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";
import base from "./vitest.config.mts";

const include = (process.env.MUTATION_TESTS ?? "").split(",").filter(Boolean);

function globToRegExp(glob: string): RegExp {
  const pattern = glob
    .split("**/")
    .map((part) =>
      part
        .split("*")
        .map((literal) => literal.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join("[^/]*"),
    )
    .join("(?:.*/)?");
  return new RegExp(`(?:^|/)${pattern}$`);
}

class ListedOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const patterns = include.map(globToRegExp);
    const rank = (file: TestSpecification) => {
      const index = patterns.findIndex((pattern) => pattern.test(file.moduleId));
      return index < 0 ? patterns.length : index;
    };
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }
}

export default include.length > 0
  ? // One project over the listed files: the base's two projects (shared and isolated registries) name their own
    // files and would ignore `include`.
    { ...base, test: { ...base.test, projects: undefined, include, sequence: { sequencer: ListedOrderSequencer } } }
  : base;
