/**
 * What a page's first load pulls in: the files a page entry reaches through value imports (type imports and dynamic
 * `import()` are left out, as the bundler leaves them out of the first load). The o200k tokenizer's tables are about
 * 1 MB gzipped and belong in the workers; one value import through a barrel (`lib/tokens`) put them in the first load
 * of `/`. The Chinese messages load with `import()` when a reader's locale needs them (lib/i18n/messages.ts), so an
 * English reader never downloads them. `npx tsx scripts/page-static-imports.ts <entry> <package or folder/>` prints
 * the chain from the entry to the package (or to a file in the folder), if any; scripts/page-static-imports.test.ts
 * fails on one.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { resolveFile } from "./file-import-cycles";

const VALUE_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^;]*?\s+from\s+)?["']([^"']+)["']/gm;

/**
 * The chain of files from `entry` to the first value import that `reaches` accepts (given its specifier and the
 * project file it resolves to, if any), that import last; or null.
 */
function chainTo(
  root: string,
  entry: string,
  reaches: (specifier: string, target: string | null) => boolean,
): string[] | null {
  const start = path.resolve(root, entry);
  const reachedFrom = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    for (const match of readFileSync(file, "utf8").matchAll(VALUE_IMPORT)) {
      const specifier = match[1];
      const target = resolveFile(root, file, specifier);
      if (reaches(specifier, target)) {
        const chain = [target ? path.relative(root, target) : specifier];
        for (let at: string | null = file; at !== null; at = reachedFrom.get(at) ?? null)
          chain.unshift(path.relative(root, at));
        return chain;
      }
      if (target && !reachedFrom.has(target)) {
        reachedFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return null;
}

/** The chain of files from `entry` to the first import of `bannedPackage` (itself last), or null. */
export function staticImportChain(root: string, entry: string, bannedPackage: string): string[] | null {
  return chainTo(root, entry, (specifier) => specifier === bannedPackage || specifier.startsWith(`${bannedPackage}/`));
}

/** The chain of files from `entry` to the first file under `folder` (relative to `root`, that file last), or null. */
export function staticImportChainToFolder(root: string, entry: string, folder: string): string[] | null {
  const inside = path.resolve(root, folder) + path.sep;
  return chainTo(root, entry, (_specifier, target) => target !== null && target.startsWith(inside));
}

if (process.argv[1] && /page-static-imports\.ts$/.test(process.argv[1])) {
  const [entry = "app/page.tsx", banned = "gpt-tokenizer"] = process.argv.slice(2);
  const chain = banned.endsWith("/")
    ? staticImportChainToFolder(process.cwd(), entry, banned)
    : staticImportChain(process.cwd(), entry, banned);
  console.log(chain ? chain.join(" → ") : `${entry} does not reach ${banned}`);
}
