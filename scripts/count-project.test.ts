import path from "node:path";
import type ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { PROVIDER_BRANCH_LIMIT, projectProgram, providerBranches } from "./count-provider-branches";
import { STRATEGY_ID_LITERAL_LIMIT, strategyIdLiterals } from "./count-strategy-ids";

/**
 * Both counts over the project itself, in one file so they share one type-checked program (building it is most of
 * their time). How each count works is tested on small programs in its own test file.
 *
 * They read the project's source, which is the same on any Node.js: `npm test`'s second unit run, on the LTS binary
 * (scripts/node-lts.mjs sets PLAYGROUND_NODE_LTS_BINARY), skips them rather than spend 16 s building the program again.
 */
const root = path.join(__dirname, "..");
let program: ts.Program;

describe.skipIf(process.env.PLAYGROUND_NODE_LTS_BINARY !== undefined)("the project", () => {
  beforeAll(() => {
    program = projectProgram(root);
  }, 120_000);

  it(`has ${PROVIDER_BRANCH_LIMIT} or fewer provider-id branches outside lib/providers and the id list`, () => {
    const { ids, hits } = providerBranches(root, program);
    console.log(`${hits.length} provider-id branches:\n${hits.join("\n")}`);
    expect(ids.size).toBeGreaterThanOrEqual(4);
    expect(hits.length).toBeLessThanOrEqual(PROVIDER_BRANCH_LIMIT);
  }, 120_000);

  it(`has ${STRATEGY_ID_LITERAL_LIMIT} or fewer strategy-id literals outside lib/strategies and the id list`, () => {
    const { ids, hits } = strategyIdLiterals(root, program);
    console.log(`${hits.length} strategy-id literals:\n${hits.join("\n")}`);
    expect(ids.size).toBeGreaterThanOrEqual(8);
    expect(hits.length).toBeLessThanOrEqual(STRATEGY_ID_LITERAL_LIMIT);
  }, 120_000);
});
