import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

const INCLUDE = [
  "lib/**/*.test.ts",
  "components/**/*.test.{ts,tsx}",
  "app/**/*.test.ts",
  "scripts/**/*.test.ts",
  "state/**/*.test.ts",
  "test/**/*.test.ts",
  "workers/**/*.test.ts",
  "eslint-rules/**/*.test.ts",
];
const EXCLUDE = ["e2e/**", "node_modules/**"];

/**
 * Test files that replace modules (`vi.mock`, `vi.doMock`, `vi.resetModules`): they need a module registry of their
 * own. Found by reading the files, so a new one is isolated without anybody remembering to list it.
 */
function filesThatReplaceModules(): string[] {
  const found: string[] = [];
  const visit = (directory: string) => {
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      const file = path.join(directory, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (
        /\.test\.tsx?$/.test(entry.name) &&
        /\bvi\.(mock|doMock|resetModules)\(/.test(fs.readFileSync(file, "utf8"))
      )
        found.push(file.split(path.sep).join("/"));
    }
  };
  for (const root of ["lib", "components", "app", "scripts", "state", "test", "workers", "eslint-rules"])
    if (fs.existsSync(root)) visit(root);
  return found;
}

const ISOLATED = filesThatReplaceModules();

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    // The page loads a locale's messages before it words anything in it; tests start with every locale loaded.
    setupFiles: ["./test/load-every-locale.ts"],
    // The CLI tests start tsx child processes; on a loaded 2-core machine one can take over 30 s.
    testTimeout: 120_000,
    // Most files share one module registry per worker: importing the engine, the tokenizers and the providers again
    // for each of ~300 files took more time than the tests themselves (165 s of imports against 320 s of tests on a
    // clean CI machine). Files that replace modules keep a registry of their own.
    projects: [
      { extends: true, test: { name: "shared", include: INCLUDE, exclude: [...EXCLUDE, ...ISOLATED], isolate: false } },
      { extends: true, test: { name: "isolated", include: ISOLATED, exclude: EXCLUDE, isolate: true } },
    ],
  },
});
