import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import { createClientSearch, type ClientSearchOptions } from "./client-search";
import { encodeWordVectors, parseWordVectors } from "./word-vectors";

/**
 * The soft matches by word vectors (`similarWords`), on the points the mutation run found untested: the nearest
 * terms come first and fill the `similarWordsCount` slots, the minimum cosine is inclusive, a term the word already
 * matches takes no slot, an exact match carries no `similar` note, and the note names the catalog's first spelling.
 * Hand-made 2-d vectors; each table and catalog is built inside its test.
 */
function table(entries: Record<string, [number, number]>) {
  const words = Object.keys(entries);
  return parseWordVectors(encodeWordVectors(words, Object.values(entries), 2));
}

function hitNames(
  tools: readonly CatalogTool[],
  query: string,
  options: Partial<ClientSearchOptions>,
  wordVectors: ReturnType<typeof table>,
): string[] {
  const outcome = createClientSearch(tools, options, { wordVectors }).search(query);
  if (!outcome.ok) throw new Error(outcome.errorMessage);
  return outcome.hits.map((hit) => hit.name);
}

const ONE_SLOT = { similarWords: 0.4, similarWordsMinimum: 0.5, similarWordsCount: 1 };
const tool = (name: string, description: string): CatalogTool => ({ name, description, inputSchema: {} });

describe("similarWords: which stand-ins fill the slots", () => {
  it("the nearest term takes the only slot, even when a farther one sorts first alphabetically", () => {
    // cos(remember, memory) = 0.8, cos(remember, archive) = 0.6: "archiv" < "memori" in the index's order.
    const vectors = table({ remember: [1, 0], memory: [0.8, 0.6], archive: [0.6, 0.8] });
    const tools = [tool("tool_a", "Archive notes."), tool("tool_b", "Memory notes.")];
    expect(hitNames(tools, "remember", ONE_SLOT, vectors)).toEqual(["tool_b"]);
    expect(hitNames(tools, "remember", { ...ONE_SLOT, similarWordsCount: 2 }, vectors)).toEqual(["tool_b", "tool_a"]);
  });

  it("equally near terms take the slots in alphabetical order", () => {
    const vectors = table({ remember: [1, 0], memory: [0.8, 0.6], archive: [0.8, 0.6] });
    const tools = [tool("tool_b", "Memory notes."), tool("tool_a", "Archive notes.")];
    expect(hitNames(tools, "remember", ONE_SLOT, vectors)).toEqual(["tool_a"]);
  });

  it("a term at exactly the minimum cosine is a stand-in", () => {
    const vectors = table({ remember: [1, 0], memory: [0.8, 0.6] });
    const tools = [tool("tool_b", "Memory notes.")];
    const searcher = createClientSearch(tools, { ...ONE_SLOT, similarWordsMinimum: 0 }, { wordVectors: vectors });
    const similarity = searcher.explain("remember", "tool_b")!.terms[0].similar!.similarity;
    expect(similarity).toBeGreaterThan(0.79);
    expect(hitNames(tools, "remember", { ...ONE_SLOT, similarWordsMinimum: similarity }, vectors)).toEqual(["tool_b"]);
    expect(hitNames(tools, "remember", { ...ONE_SLOT, similarWordsMinimum: similarity + 1e-6 }, vectors)).toEqual([]);
  });

  it("a term the word already matches exactly takes no slot", () => {
    const vectors = table({ remember: [1, 0], memory: [0.8, 0.6] });
    const tools = [tool("remember_fact", "Remember a fact."), tool("tool_b", "Memory notes.")];
    expect(hitNames(tools, "remember", ONE_SLOT, vectors)).toEqual(["remember_fact", "tool_b"]);
  });
});

describe("similarWords: what a hit says about its match", () => {
  it("an exact match has no `similar` note; a soft one names the catalog's first spelling of the term", () => {
    const vectors = table({ remember: [1, 0], memory: [0.8, 0.6], memories: [0.8, 0.6] });
    const tools = [tool("tool_b", "Memory notes."), tool("tool_c", "Memories kept."), tool("notes", "Take notes.")];
    const searcher = createClientSearch(tools, ONE_SLOT, { wordVectors: vectors });
    const exact = searcher.explain("notes", "notes")!.terms[0];
    expect(exact.match).toBe("exact");
    expect(Object.keys(exact)).not.toContain("similar");
    const soft = searcher.explain("remember", "tool_c")!.terms[0];
    expect(soft.match).toBe("similar");
    expect(soft.similar).toMatchObject({ requestWord: "remember", catalogWord: "memory" });
  });
});
