import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import { createClientSearch } from "./client-search";

/**
 * The proximity bonus (two consecutive request words that also stand side by side in a tool's name or description),
 * on the cases the mutation run found untested: words present but apart, a repeated word, the option off, and a
 * tool that matched no term; and the server prior's "generic word" boundary. Each catalog is built inside its test.
 */
const tool = (name: string, description: string): CatalogTool => ({ name, description, inputSchema: {} });

describe("client search proximity: only real neighbours earn the bonus", () => {
  it("two request words in the name but not side by side earn nothing; side by side they do", () => {
    const tools = [tool("delete_old_file", "Removes things."), tool("delete_file", "Removes things.")];
    const searcher = createClientSearch(tools);
    expect(searcher.explain("delete file", "delete_old_file")!.proximity).toEqual([]);
    const near = searcher.explain("delete file", "delete_file")!.proximity;
    expect(near.map(({ left, right, field }) => [left, right, field])).toEqual([["delet", "file", "name"]]);
  });

  it("a repeated request word is not a pair", () => {
    const searcher = createClientSearch([tool("file_file", "Copies a file.")]);
    expect(searcher.explain("file file", "file_file")!.proximity).toEqual([]);
  });

  it("the option at 0 and a tool that matched no term get no bonus", () => {
    const tools = [tool("delete_file", "Shows the weather.")];
    expect(createClientSearch(tools, { proximity: 0 }).explain("delete file", "delete_file")!.proximity).toEqual([]);
    // The name is not searched (weight 0), so no term matches, though the words stand side by side in it.
    const unsearchedName = createClientSearch(tools, {
      fieldWeights: { name: 0, description: 1.5, parameterName: 1, parameterDescription: 0.5 },
    }).explain("delete file", "delete_file")!;
    expect(unsearchedName.termScore).toBe(0);
    expect(unsearchedName.proximity).toEqual([]);
  });
});

describe("client search server prior: a word that names exactly half the servers still names them", () => {
  it("is kept at half (two of four servers) and dropped above half (three of four)", () => {
    const catalog = (servers: string[]) => servers.map((server) => tool(`${server}:create_issue`, "Creates an issue."));
    const halfSearcher = createClientSearch(catalog(["github-api", "github-cli", "slack", "jira"]));
    expect(halfSearcher.explain("github issue", "github-api:create_issue")!.serverPrior).toMatchObject({
      server: "github-api",
      words: ["github"],
    });
    const mostSearcher = createClientSearch(catalog(["github-api", "github-cli", "github-web", "jira"]));
    expect(mostSearcher.explain("github issue", "github-api:create_issue")!.serverPrior).toBeUndefined();
  });
});
