import path from "node:path";
import { describe, expect, it } from "vitest";
import { fileImportCycles } from "./file-import-cycles";

const ROOT = path.resolve(__dirname, "..");

describe("file import cycles", () => {
  it("finds none among the engine's files and the worker clients", () => {
    // The engine's messages, state, handler and two-worker scheduler import one way (messages ← state ← scheduler ←
    // handler), so each can be read, and tested, without the others.
    expect(fileImportCycles(ROOT, ["lib/workbench", "workers"])).toEqual([]);
  });

  it("finds a cycle where there is one", () => {
    // lib/strategies' types and strategies import each other (a known cycle left as it is).
    const cycles = fileImportCycles(ROOT, ["lib/strategies"]);
    expect(cycles.some((cycle) => cycle.includes("lib/strategies/types.ts"))).toBe(true);
  });
});
