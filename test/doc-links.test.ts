/**
 * The docs point at files that exist: every relative Markdown link, and every repository path written in the text
 * (`lib/…`, `scripts/…`, `docs/…` and the other top-level folders), in README.md, docs/*.md and the folders'
 * README.md files. A file that moves without its docs following makes this fail with the doc and the path.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.join(__dirname, "..");

/** The project's top-level folders: a path beginning with one of them is a path in this repository. */
const FOLDERS = [
  "app",
  "components",
  "lib",
  "state",
  "workers",
  "scripts",
  "test",
  "e2e",
  "docs",
  "examples",
  "public",
  "schemas",
  ".ci",
];

/**
 * Paths the docs quote from other repositories as sources (each beside the repository it names), and files that
 * commands in the docs write.
 */
const NOT_IN_THIS_REPOSITORY = new Set([
  "docs/partners/moonshot.md", // beam_weaver, PROTOCOLS.md §3.1
  "lib/beam_weaver/moonshot/chat_model.ex", // beam_weaver, PROTOCOLS.md §3.1
  "scripts/notion-openapi.json", // makenotion/notion-mcp-server, examples/catalogs/README.md
  "scripts/start-server.ts", // makenotion/notion-mcp-server, examples/catalogs/README.md
]);

function markdownFiles(): string[] {
  const docs = fs.readdirSync(path.join(root, "docs")).filter((name) => name.endsWith(".md"));
  const readmes: string[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      const relative = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name === "README.md") readmes.push(relative);
    }
  };
  for (const folder of FOLDERS.filter((name) => !name.startsWith("."))) walk(folder);
  return ["README.md", ...docs.map((name) => path.join("docs", name)), ...readmes];
}

const LINK = /\]\(([^)\s]+)\)/g;
const REPOSITORY_PATH = new RegExp(
  `(?<![\\w/.@-])((?:${FOLDERS.map((name) => name.replace(".", "\\.")).join("|")})/[A-Za-z0-9_./\\-]*[A-Za-z0-9_])`,
  "g",
);

/** The paths a Markdown text refers to that do not exist, relative to the repository or to the file's folder. */
export function deadPaths(text: string, file: string, exists: (relative: string) => boolean): string[] {
  const folder = path.dirname(file);
  const dead: string[] = [];
  for (const [, target] of text.matchAll(LINK)) {
    const local = target.split("#")[0];
    if (!local || /^[a-z][a-z+.-]*:/i.test(local) || local.startsWith("/")) continue;
    if (!exists(path.join(folder, local))) dead.push(local);
  }
  for (const [, target] of text.matchAll(REPOSITORY_PATH)) {
    if (NOT_IN_THIS_REPOSITORY.has(target)) continue;
    if (exists(target) || exists(path.join(folder, target))) continue;
    dead.push(target);
  }
  return [...new Set(dead)];
}

const existsInRepository = (relative: string) => fs.existsSync(path.join(root, relative));

describe("paths in the docs", () => {
  it("reads a relative link, a link with an anchor and a path in the text, and skips web links", () => {
    const text = "See [the design](DESIGN.md#goals), [web](https://example.com) and `lib/nowhere/gone.ts`.";
    const known = new Set(["docs/DESIGN.md"]);
    expect(deadPaths(text, "docs/ARCHITECTURE.md", (relative) => known.has(relative))).toEqual(["lib/nowhere/gone.ts"]);
    expect(deadPaths("[x](MISSING.md)", "docs/A.md", () => false)).toEqual(["MISSING.md"]);
  });

  it.each(markdownFiles())("%s points only at files that exist", (file) => {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    expect(deadPaths(text, file, existsInRepository)).toEqual([]);
  });
});
