import ts from "typescript";
import { describe, expect, it } from "vitest";
import { countedFile, strategyIdLiterals } from "./count-strategy-ids";

/** A program over in-memory files under /virtual, with the real default library. */
function virtualProgram(files: Record<string, string>): ts.Program {
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022 };
  const host = ts.createCompilerHost(options);
  const read = (fileName: string) => files[fileName.replace(/^\/virtual\//, "")];
  return ts.createProgram(
    Object.keys(files).map((name) => `/virtual/${name}`),
    options,
    {
      ...host,
      fileExists: (fileName) => read(fileName) !== undefined || host.fileExists(fileName),
      directoryExists: (name) => name.startsWith("/virtual") || (host.directoryExists?.(name) ?? false),
      readFile: (fileName) => read(fileName) ?? host.readFile(fileName),
      getSourceFile: (fileName, language) => {
        const text = read(fileName);
        return text !== undefined
          ? ts.createSourceFile(fileName, text, language)
          : host.getSourceFile(fileName, language);
      },
    },
  );
}

const IDS = `export type StrategyId = "full" | "stubs" | "gateway" | "naive-dynamic";`;

describe("strategy-id literals outside lib/strategies and the id list", () => {
  it("counts comparisons, cases, arguments and objects keyed by id, not other strings", () => {
    const program = virtualProgram({
      "lib/core/ids.ts": IDS,
      "components/view.ts": [
        `import type { StrategyId } from "../lib/core/ids";`,
        `declare const id: StrategyId;`,
        `declare function pick(id: StrategyId): void;`,
        `export const branch = id === "stubs";`,
        `export function label() { switch (id) { case "gateway": return 1; default: return 0; } }`,
        `pick("full");`,
        `export const colours: Record<StrategyId, string> = { full: "a", stubs: "b", gateway: "c", "naive-dynamic": "d" };`,
        `export const words = ["full", "stubs"];`,
        `export const title = "gateway";`,
      ].join("\n"),
      "lib/strategies/full.ts": `import type { StrategyId } from "../core/ids";\nexport const id: StrategyId = "full";`,
      "components/view.test.ts": `import type { StrategyId } from "../lib/core/ids";\nexport const id: StrategyId = "full";`,
    });
    const { ids, hits } = strategyIdLiterals("/virtual", program, "/virtual/lib/core/ids.ts");
    expect([...ids].sort()).toEqual(["full", "gateway", "naive-dynamic", "stubs"]);
    expect(hits).toEqual([
      `components/view.ts:4  "stubs"`,
      `components/view.ts:5  "gateway"`,
      `components/view.ts:6  "full"`,
      `components/view.ts:7  full`,
      `components/view.ts:7  stubs`,
      `components/view.ts:7  gateway`,
      `components/view.ts:7  "naive-dynamic"`,
    ]);
  });

  it("leaves out tests, e2e, lib/strategies and the id list", () => {
    expect(countedFile("components/tour/tour-steps.ts")).toBe(true);
    expect(countedFile("state/selection-slice.ts")).toBe(true);
    expect(countedFile("lib/strategies/full.ts")).toBe(false);
    expect(countedFile("lib/core/ids.ts")).toBe(false);
    expect(countedFile("lib/decide/recommend.test.ts")).toBe(false);
    expect(countedFile("e2e/tour.spec.ts")).toBe(false);
    expect(countedFile("lib/view/types.d.ts")).toBe(false);
  });
});
