import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import { createClientSearch } from "./client-search";

/**
 * The name-action bonus (docs/SEARCH.md, "Name action"): the name's action (its first word after a namespace
 * prefix) and one of its objects, matched by two different query words, add the option times the weaker of the
 * two (weight × IDF). The cases the mutation run found unchecked: the action must be the name's own first word,
 * the weaker term sets the bonus, the best object wins, and the namespace prefix rule's two thresholds.
 */
const tool = (name: string, description = "Does a thing."): CatalogTool => ({ name, description, inputSchema: {} });
const plain = { synonyms: false, prefix: false, fuzzy: 0, proximity: 0, nameAction: 1 };

describe("client search name action", () => {
  it("no bonus when the name's action is not matched, even if two of its objects are", () => {
    const tools = [tool("srv:send_email_message"), tool("srv:read_inbox"), tool("srv:list_folders")];
    const searcher = createClientSearch(tools, plain);
    expect(searcher.explain("email message", "srv:send_email_message")!.nameAction).toBeUndefined();
  });

  it("the bonus is the weaker term's weight × IDF, and the strongest object is the one reported", () => {
    const tools = [tool("srv:get_file_blame"), tool("srv:read_file"), tool("srv:list_file"), tool("srv:show_blame")];
    const searcher = createClientSearch(tools, plain);
    for (const query of ["get blame file", "get file blame"]) {
      const explained = searcher.explain(query, "srv:get_file_blame")!;
      const strength = (term: string) => {
        const found = explained.terms.find((entry) => entry.matchedTerm === term)!;
        return found.weight * found.idf;
      };
      // `get` is in 1 tool of 4, `blame` in 2, `file` in 3: blame is the stronger object, and weaker than get.
      expect(strength("get")).toBeGreaterThan(strength("blame"));
      expect(strength("blame")).toBeGreaterThan(strength("file"));
      expect(explained.nameAction).toEqual({ action: "get", object: "blame", bonus: strength("blame") });
    }
  });

  it("a namespace prefix needs at least three tools and 80 % of their names", () => {
    const two = createClientSearch([tool("get_file"), tool("get_user")], plain);
    expect(two.explain("get file", "get_file")!.nameAction).toMatchObject({ action: "get", object: "file" });
    const math = ["math_add_numbers", "math_sub_numbers", "math_mul_numbers", "math_div_numbers", "convert_units"];
    const searcher = createClientSearch(
      math.map((name) => tool(name)),
      plain,
    );
    // 4 of 5 names begin with `math`: exactly 80 %, so `math` is a namespace and `add` the action.
    expect(searcher.explain("add numbers", "math_add_numbers")!.nameAction).toMatchObject({ action: "add" });
  });
});
