import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "..");

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path.relative(ROOT, full)] : [];
  });
}

/** Monaco asks the page for its own editor workers (MonacoEnvironment.getWorker): they are Monaco's, not ours. */
const MONACO_WORKERS = "components/ui/monaco-setup.ts";

describe("the page's workers", () => {
  const pageFiles = ["app", "components", "state"].flatMap((folder) => sourceFiles(path.join(ROOT, folder)));

  it("are started only in workers/: panels and the page's state ask for a client", () => {
    const starting = pageFiles.filter(
      (file) => file !== MONACO_WORKERS && /new Worker\(/.test(readFileSync(path.join(ROOT, file), "utf8")),
    );
    expect(starting).toEqual([]);
  });

  it("are talked to only by the clients in workers/", () => {
    const talking = pageFiles.filter((file) =>
      /\.postMessage\(|addEventListener\("message"/.test(readFileSync(path.join(ROOT, file), "utf8")),
    );
    expect(talking).toEqual([]);
  });
});
