/**
 * What a page's first load pulls in: the files a page entry reaches through value imports (type imports and dynamic
 * `import()` are left out, as the bundler leaves them out of the first load). The o200k tokenizer's tables are about
 * 1 MB gzipped and belong in the workers; one value import through a barrel (`lib/tokens`) put them in the first load
 * of `/`. `npx tsx scripts/page-static-imports.ts <entry> <package>` prints the chain from the entry to the package,
 * if any; scripts/page-static-imports.test.ts fails on one.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { resolveFile } from "./file-import-cycles";

const VALUE_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^;]*?\s+from\s+)?["']([^"']+)["']/gm;

/** The chain of files from `entry` to the first import of `bannedPackage` (itself last), or null. */
export function staticImportChain(root: string, entry: string, bannedPackage: string): string[] | null {
  const start = path.resolve(root, entry);
  const reachedFrom = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    for (const match of readFileSync(file, "utf8").matchAll(VALUE_IMPORT)) {
      const specifier = match[1];
      if (specifier === bannedPackage || specifier.startsWith(`${bannedPackage}/`)) {
        const chain = [specifier];
        for (let at: string | null = file; at !== null; at = reachedFrom.get(at) ?? null)
          chain.unshift(path.relative(root, at));
        return chain;
      }
      const target = resolveFile(root, file, specifier);
      if (target && !reachedFrom.has(target)) {
        reachedFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return null;
}

if (process.argv[1] && /page-static-imports\.ts$/.test(process.argv[1])) {
  const [entry = "app/page.tsx", bannedPackage = "gpt-tokenizer"] = process.argv.slice(2);
  const chain = staticImportChain(process.cwd(), entry, bannedPackage);
  console.log(chain ? chain.join(" → ") : `${entry} does not reach ${bannedPackage}`);
}
