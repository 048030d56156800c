import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import { formatQuerySet, parseQuerySet, queriesExpecting, resolveToolName } from "./query-set";

const tool = (name: string, namespace?: string): CatalogTool => ({
  name,
  description: "",
  inputSchema: { type: "object" },
  namespace,
});

const MERGED = [
  tool("git_log", "git"),
  tool("github__create_issue", "github"),
  tool("archived-github__create_issue", "archived-github"),
  tool("archived-gitlab__create_issue", "archived-gitlab"),
  tool("create_refund", "stripe"),
];

describe("resolveToolName", () => {
  it("keeps exact names", () => {
    expect(resolveToolName("git_log", MERGED)).toBe("git_log");
  });

  it("maps CLI-style server:tool names onto a merged catalog", () => {
    expect(resolveToolName("mcp-servers-git:git_log", MERGED)).toBe("git_log");
    expect(resolveToolName("stripe-agent-toolkit:create_refund", MERGED)).toBe("create_refund");
    expect(resolveToolName("mcp-servers-archived-github:create_issue", MERGED)).toBe("archived-github__create_issue");
    expect(resolveToolName("github-mcp-server:create_issue", MERGED)).toBe("github__create_issue");
  });

  it("gives up on unknown or ambiguous names", () => {
    expect(resolveToolName("nothing", MERGED)).toBeUndefined();
    expect(resolveToolName("x:nothing", MERGED)).toBeUndefined();
    expect(resolveToolName("other:create_issue", MERGED)).toBeUndefined();
  });
});

describe("parseQuerySet", () => {
  it("reads queries, maps server:tool names and warns about unknown ones, with line numbers", () => {
    const text =
      '{"q": "show the commit log", "expect": ["mcp-servers-git:git_log"]}\n\n{"q": "refund", "expect": ["create_refund", "nope"]}\n';
    const { queries, problems, renamed } = parseQuerySet(text, MERGED);
    expect(queries).toEqual([
      { q: "show the commit log", expect: ["git_log"], origin: "written" },
      { q: "refund", expect: ["create_refund", "nope"], origin: "written" },
    ]);
    expect(problems.map((problem) => [problem.severity, problem.line, problem.message])).toEqual([
      ["warning", 3, "line 3: expects nope, which is not in the catalog; the query counts as not found"],
    ]);
    expect(renamed).toEqual([{ line: 1, from: "mcp-servers-git:git_log", to: "git_log" }]);
  });

  it("names the line a query starts on in a pretty-printed JSON array too", () => {
    const text = JSON.stringify(
      [
        { q: "show the commit log", expect: ["git_log"] },
        { q: "refund", expect: ["nope"] },
      ],
      null,
      2,
    );
    const { problems } = parseQuerySet(text, MERGED);
    // The second query's `{` is on line 8.
    expect(problems.map((problem) => [problem.line, problem.code])).toEqual([[8, expect.any(String)]]);
  });

  it("rejects the whole set when a line is broken, naming the line", () => {
    const { queries, problems } = parseQuerySet('{"q": "a", "expect": ["git_log"]}\n{"q": "b", "expect": }\n', MERGED);
    expect(queries).toBeUndefined();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ severity: "error", line: 2 });
    expect(problems[0].message).toMatch(/^line 2: invalid JSON/);
  });

  it("rejects an empty set", () => {
    expect(parseQuerySet("\n", MERGED).queries).toBeUndefined();
  });
});

describe("formatQuerySet", () => {
  it("writes one {q, expect} a line that parses back to the same queries", () => {
    const queries = [
      { q: 'what\'s "new"', expect: ["git_log"], origin: "suggested" as const },
      { q: "refund it", expect: ["create_refund"] },
    ];
    const text = formatQuerySet(queries);
    expect(text).toBe('{"q":"what\'s \\"new\\"","expect":["git_log"]}\n{"q":"refund it","expect":["create_refund"]}\n');
    expect(parseQuerySet(text, MERGED).queries?.map(({ q, expect: names }) => ({ q, expect: names }))).toEqual(
      queries.map(({ q, expect: names }) => ({ q, expect: names })),
    );
    expect(formatQuerySet([])).toBe("");
  });
});

describe("queriesExpecting", () => {
  it("lists the indexes of the queries that expect a tool", () => {
    expect(
      queriesExpecting(
        [
          { q: "a", expect: ["x"] },
          { q: "b", expect: ["y", "x"] },
          { q: "c", expect: ["y"] },
        ],
        "x",
      ),
    ).toEqual([0, 1]);
  });
});
