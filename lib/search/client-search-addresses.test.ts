import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import { createClientSearch, DEFAULT_CLIENT_SEARCH_OPTIONS } from "./client-search";

/**
 * The words inside a request's addresses (`addressWords`) and the entity prior (`entityPrior`): docs/SEARCH.md,
 * "Ninth pass".
 */
const tools: CatalogTool[] = [
  {
    name: "fetch",
    description: "Fetch a web page and return its text.",
    inputSchema: { type: "object", properties: { url: { type: "string" } }, required: ["url"] },
  },
  {
    name: "post_message",
    description: "Post a message to a channel.",
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  },
  {
    name: "get_post",
    description: "Get a blog post by its number.",
    inputSchema: { type: "object", properties: { id: { type: "number" } }, required: ["id"] },
  },
];
const names = (search: ReturnType<typeof createClientSearch>, input: string): string[] => {
  const outcome = search.search(input);
  return outcome.ok ? outcome.hits.map((hit) => hit.name) : [];
};

describe("address words", () => {
  const request = "read https://blog.example.org/post/1";

  it("count as any word at 1: the address's path pulls in the post tools", () => {
    const search = createClientSearch(tools, { addressWords: 1, entityPrior: 0 });
    expect(names(search, request)[0]).toBe("get_post");
  });

  it("count at the default discount, and the host's words in full", () => {
    expect(DEFAULT_CLIENT_SEARCH_OPTIONS.addressWords).toBe(0.35);
    const search = createClientSearch(tools, { entityPrior: 0 });
    const breakdown = search.explain(request, "get_post")!;
    const post = breakdown.terms.find((term) => term.queryTerm === "post")!;
    expect(post).toMatchObject({ origin: "address", weight: 0.35 });
    // "blog" is the host's word, at full weight; "read" matches nothing here.
    expect(breakdown.terms.find((term) => term.queryTerm === "blog")).toMatchObject({ origin: "word", weight: 1 });
  });

  it("are not searched at 0, and a word also written outside the address keeps its full weight", () => {
    const cut = createClientSearch(tools, { addressWords: 0 });
    expect(cut.explain(request, "post_message")!.terms).toEqual([]);
    const both = createClientSearch(tools).explain("post https://blog.example.org/post/1", "post_message")!;
    expect(both.terms.find((term) => term.queryTerm === "post")).toMatchObject({ origin: "word", weight: 1 });
  });
});

describe("entity prior", () => {
  it("is off by default", () => {
    expect(DEFAULT_CLIENT_SEARCH_OPTIONS.entityPrior).toBe(0);
    expect(createClientSearch(tools).explain("read https://a.example.com/x", "fetch")!.entityPrior).toBeUndefined();
  });

  it("multiplies the score of a tool whose required argument takes the request's kind of value", () => {
    const request = "show the page https://news.example.com/today";
    const off = createClientSearch(tools, { entityPrior: 0 }).explain(request, "fetch")!;
    const on = createClientSearch(tools, { entityPrior: 0.5 }).explain(request, "fetch")!;
    expect(on.entityPrior).toEqual({
      kind: "url",
      text: "https://news.example.com/today",
      parameter: "url",
      factor: 1.5,
    });
    expect(on.score).toBeCloseTo(off.score * 1.5, 9);
    // A tool whose required argument takes no such value gains nothing.
    expect(createClientSearch(tools, { entityPrior: 0.5 }).explain(request, "get_post")!.entityPrior).toBeUndefined();
  });

  it("moves a tool that takes the value above one that does not", () => {
    const catalog: CatalogTool[] = [
      { name: "summarise_text", description: "Summarise a text.", inputSchema: { required: ["text"] } },
      { name: "summarise_page", description: "Summarise a page.", inputSchema: { required: ["page_url"] } },
    ];
    // Shape words off, so that only the prior reads the address: the two tools tie on "summarise" otherwise.
    const request = "summarise example.com";
    const off = createClientSearch(catalog, { shapeWords: false, entityPrior: 0 });
    const on = createClientSearch(catalog, { shapeWords: false, entityPrior: 0.5 });
    expect(names(off, request)).toEqual(["summarise_text", "summarise_page"]);
    expect(names(on, request)).toEqual(["summarise_page", "summarise_text"]);
  });
});
