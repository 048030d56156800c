/**
 * Counts folder-to-folder imports inside lib/ (type imports and re-exports included) and finds cycles among the
 * folders. `npx tsx scripts/lib-folder-imports.ts [--edges] [--tests]` prints the count and any cycle;
 * scripts/lib-folder-imports.test.ts fails on a cycle or on an edge that goes up the layers of eslint.config.mjs.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const IMPORT_PATTERN =
  /(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The lib/ folder (first path part under lib/) a specifier points at, or null when it leaves lib/. */
function targetFolder(root: string, file: string, specifier: string): string | null {
  let resolved: string;
  if (specifier.startsWith("@/")) resolved = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) resolved = path.resolve(path.dirname(file), specifier);
  else return null;
  const relative = path.relative(path.join(root, "lib"), resolved);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  const folder = relative.split(path.sep)[0];
  // A specifier inside a string (generated code) can point nowhere; only real folders count.
  return existsSync(path.join(root, "lib", folder)) ? folder : null;
}

export type FolderImports = Map<string, Map<string, string[]>>;

/** folder → imported folder → the files that make the edge. Test files count too (they must not reach up either). */
export function folderImports(root: string, options: { includeTests?: boolean } = {}): FolderImports {
  const libRoot = path.join(root, "lib");
  const edges: FolderImports = new Map();
  for (const file of sourceFiles(libRoot)) {
    if (!options.includeTests && /\.test\.tsx?$/.test(file)) continue;
    const from = path.relative(libRoot, file).split(path.sep)[0];
    if (!edges.has(from)) edges.set(from, new Map());
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(IMPORT_PATTERN)) {
      const to = targetFolder(root, file, match[1] ?? match[2]);
      if (!to || to === from) continue;
      const files = edges.get(from)!.get(to) ?? [];
      files.push(path.relative(root, file));
      edges.get(from)!.set(to, files);
    }
  }
  return edges;
}

/** Every elementary cycle's folders, found by a depth-first search from each folder (small graph: fine). */
export function folderCycles(edges: FolderImports): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const folders = [...edges.keys()].sort();
  for (const start of folders) {
    const stack: string[] = [start];
    const visit = (folder: string) => {
      for (const next of edges.get(folder)?.keys() ?? []) {
        if (next === start) {
          const key = [...stack].sort().join(">");
          if (!seen.has(key)) {
            seen.add(key);
            cycles.push([...stack, start]);
          }
        } else if (!stack.includes(next) && next > start) {
          stack.push(next);
          visit(next);
          stack.pop();
        }
      }
    };
    visit(start);
  }
  return cycles;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const root = process.cwd();
  const edges = folderImports(root, { includeTests: process.argv.includes("--tests") });
  let count = 0;
  for (const [from, targets] of [...edges].sort()) {
    for (const [to, files] of [...targets].sort()) {
      count += 1;
      if (process.argv.includes("--edges"))
        console.log(`${from} → ${to}  (${files.length}: ${[...new Set(files)].slice(0, 3).join(", ")})`);
    }
  }
  const cycles = folderCycles(edges);
  console.log(`${edges.size} folders, ${count} folder-to-folder edges, ${cycles.length} cycles`);
  for (const cycle of cycles.slice(0, 50)) console.log("  " + cycle.join(" → "));
  process.exitCode = cycles.length ? 1 : 0;
}
