/**
 * Preloaded (NODE_OPTIONS=--import) into every process of the Node.js LTS run by scripts/node-lts.mjs — Vitest, its
 * workers and the scripts the CLI tests start: `better-sqlite3` resolves to the copy built for the LTS binary
 * (scripts/node-lts/native/), since the project's own copy is built for the Node of `npm ci` and refuses to load in
 * another. Only the LTS binary itself is redirected: a child process on the machine's Node inherits the variable and
 * keeps the project's copy.
 *
 * Plain JavaScript: Node loads it before any loader, TypeScript included.
 */
/* global process */
import * as nodeModule from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const folder = process.env.PLAYGROUND_NODE_LTS_NATIVE_MODULES;
const binary = process.env.PLAYGROUND_NODE_LTS_BINARY;

if (folder && binary && process.execPath === binary && typeof nodeModule.registerHooks === "function") {
  // Vitest resolves the package to its path before importing it, a script imports it by name: both resolve into the
  // project's copy first, which is then swapped for the same file of the LTS copy.
  const projectCopy =
    pathToFileURL(path.join(fileURLToPath(import.meta.url), "..", "..", "..", "node_modules", "better-sqlite3")).href +
    "/";
  const ltsCopy = pathToFileURL(path.join(folder, "better-sqlite3")).href + "/";
  nodeModule.registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      return resolved.url.startsWith(projectCopy)
        ? { ...resolved, url: ltsCopy + resolved.url.slice(projectCopy.length) }
        : resolved;
    },
  });
}
