import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import libLayers from "../lib/layers.json";
import { folderCycles, folderImports } from "./lib-folder-imports";

const root = path.join(__dirname, "..");

describe("lib/ folder imports (type imports included)", () => {
  const edges = folderImports(root);

  it("form no cycle", () => {
    const cycles = folderCycles(edges);
    console.log(
      `${edges.size} folders, ${[...edges.values()].reduce((sum, to) => sum + to.size, 0)} edges, ${cycles.length} cycles`,
    );
    expect(cycles).toEqual([]);
  });

  it("point down the layers of docs/ARCHITECTURE.md (the same table ESLint enforces)", () => {
    const rank = new Map(libLayers.layers.flatMap((layer, index) => layer.map((folder) => [folder, index] as const)));
    expect([...edges.keys()].filter((folder) => !rank.has(folder))).toEqual([]);
    const upward = [...edges].flatMap(([from, targets]) =>
      [...targets.keys()].filter((to) => rank.get(to)! >= rank.get(from)!).map((to) => `${from} → ${to}`),
    );
    expect(upward).toEqual([]);
  });

  it("are drawn in docs/ARCHITECTURE.md as lib/layers.json lists them, top layer first", () => {
    const architecture = readFileSync(path.join(root, "docs/ARCHITECTURE.md"), "utf8");
    const picture = architecture.slice(
      architecture.indexOf("lib/ ───"),
      architecture.indexOf("```", architecture.indexOf("lib/ ───")),
    );
    // A layer's line starts with its folders ("  models/, persistence/, examples/   what they hold").
    const drawn = [...picture.matchAll(/^ {2}((?:[a-z0-9-]+\/)(?:, [a-z0-9-]+\/)*)/gm)].map((match) =>
      match[1].split(", ").map((folder) => folder.slice(0, -1)),
    );
    expect(drawn).toEqual([...libLayers.layers].reverse());
    expect(libLayers.layers.flat().length).toBe(new Set(libLayers.layers.flat()).size);
  });

  it("finds a cycle when there is one (the counter can fail)", () => {
    const looped = new Map([
      ["a", new Map([["b", ["a.ts"]]])],
      ["b", new Map([["c", ["b.ts"]]])],
      ["c", new Map([["a", ["c.ts"]]])],
    ]);
    expect(folderCycles(looped)).toEqual([["a", "b", "c", "a"]]);
  });
});
