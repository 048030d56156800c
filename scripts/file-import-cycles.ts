/**
 * Finds import cycles between files (type imports and re-exports included) in the given folders: a cycle inside one
 * lib/ folder is invisible to scripts/lib-folder-imports.ts, which only sees folders. `npx tsx
 * scripts/file-import-cycles.ts [folder …]` prints each cycle (default: lib state workers); scripts/file-import-cycles.test.ts
 * fails on one in the folders it guards.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const IMPORT_PATTERN =
  /(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return name === "generated" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

export function resolveFile(root: string, file: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(file), specifier);
  else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** Each cycle as its files (relative to `root`), found as the strongly connected components of the import graph. */
export function fileImportCycles(root: string, folders: readonly string[]): string[][] {
  const files = folders.flatMap((folder) => sourceFiles(path.join(root, folder)));
  const inScope = new Set(files);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT_PATTERN)) {
      const target = resolveFile(root, file, match[1] ?? match[2]);
      if (target && inScope.has(target) && target !== file) targets.push(target);
    }
    edges.set(file, targets);
  }
  // Tarjan's algorithm.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(path.relative(root, member));
    } while (member !== file);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const folders = process.argv.slice(2);
  const cycles = fileImportCycles(process.cwd(), folders.length > 0 ? folders : ["lib", "state", "workers"]);
  console.log(`${cycles.length} file import cycle(s)`);
  for (const cycle of cycles) console.log(`  ${cycle.join(" ↔ ")}`);
}
