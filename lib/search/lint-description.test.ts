import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import { lintDescription, lintDescriptions } from "./lint-description";

function tool(name: string, description: string, properties: Record<string, unknown> = {}): CatalogTool {
  return { name, description, inputSchema: { type: "object", properties } };
}

const codes = (findings: ReturnType<typeof lintDescription>) => findings.map((finding) => finding.code);

describe("lintDescription", () => {
  it("finds nothing wrong with a clear description", () => {
    const good = tool(
      "slack_post_message",
      "Post a new message to a Slack channel, as the bot user of the workspace.",
      {
        channel_id: { type: "string", description: "Channel to post to" },
      },
    );
    expect(lintDescription(good)).toEqual([]);
  });

  it("flags missing, short and long descriptions", () => {
    expect(lintDescription(tool("ping", ""))).toEqual([
      expect.objectContaining({ code: "description-too-short", severity: "error", message: "has no description" }),
    ]);
    const short = lintDescription(tool("git_status", "Shows the working tree status"));
    expect(short[0]).toMatchObject({ tool: "git_status", code: "description-too-short", severity: "warning" });
    expect(short[0].message).toBe("description is 29 characters (under 40)");
    expect(codes(lintDescription(tool("fetch", `Fetch a URL. ${"More detail. ".repeat(90)}`)))).toContain(
      "description-too-long",
    );
  });

  it("lists parameters without descriptions", () => {
    const findings = lintDescription(
      tool("git_log", "Shows the commit logs of a git repository, newest first.", {
        repo_path: { type: "string", title: "Repo Path" },
        max_count: { type: "integer", description: "How many commits" },
        since: { type: "string", description: "  " },
      }),
    );
    expect(findings).toEqual([
      expect.objectContaining({
        code: "parameter-without-description",
        severity: "warning",
        message: "2 parameters without a description: repo_path, since",
      }),
    ]);
    const one = lintDescription(
      tool("git_show", "Shows one commit of a git repository.", { revision: { type: "string" } }),
    );
    expect(one.map((finding) => finding.message)).toContain("1 parameter without a description: revision");
  });

  it("lists words of the name that the description never uses, ignoring the server prefix", () => {
    const findings = lintDescription(
      tool("mcp-servers-git:git_diff_unstaged", "Shows changes in the working directory not yet staged"),
    );
    expect(findings.find((finding) => finding.code === "name-word-missing")?.message).toBe(
      "name words not in the description: git, diff, unstaged",
    );
  });

  it("ignores the <server>__ prefix a merged catalog gives colliding names", () => {
    const findings = lintDescription(tool("github__create_issue", "Create a new issue in a repository"));
    expect(codes(findings)).not.toContain("name-word-missing");
  });

  it("flags vague verbs, but not `do not`", () => {
    const vague = lintDescription(tool("files", "Handles files and does everything you need to manage them."));
    expect(vague.find((finding) => finding.code === "vague-verb")?.message).toBe("vague verb(s): handle, do, manage");
    const negated = lintDescription(tool("read_file", "Read a file. Do not use this for binary files, ever."));
    expect(codes(negated)).not.toContain("vague-verb");
  });

  it("gives every finding a suggestion", () => {
    const findings = lintDescriptions([tool("x", "Handles it", { a: {} })]);
    expect(findings.length).toBeGreaterThan(0);
    for (const finding of findings) expect(finding.suggestion.length).toBeGreaterThan(20);
  });
});

describe("lintDescriptions", () => {
  const nearDuplicates = (tools: CatalogTool[]) =>
    lintDescriptions(tools)
      .filter((finding) => finding.code === "near-duplicate-description")
      .map((finding) => [finding.tool, finding.message]);

  it("flags both tools of a pair whose content words overlap by 80% or more (Jaccard)", () => {
    expect(
      nearDuplicates([
        tool("search_issues", "Search for issues and pull requests across GitHub repositories."),
        tool("get_weather", "Get the current weather for a city."),
        tool("search_pull_requests", "Search for pull requests and issues across all GitHub repositories."),
      ]),
    ).toEqual([
      ["search_issues", "description is 100% the same words as search_pull_requests's"],
      ["search_pull_requests", "description is 100% the same words as search_issues's"],
    ]);
    // {tool, fetch, list, custom, stripe} and the same plus {today}: 5 shared of 6 → 83%.
    expect(
      nearDuplicates([
        tool("list_customers", "This tool will fetch a list of Customers from Stripe."),
        tool("list_customers_today", "This tool will fetch a list of all Customers from Stripe today."),
      ]),
    ).toHaveLength(2);
  });

  it("leaves pairs below 80% alone", () => {
    // {tool, fetch, list, custom, stripe} vs {tool, fetch, list, product, stripe}: 4 shared of 6 → 67%.
    expect(
      nearDuplicates([
        tool("list_customers", "This tool will fetch a list of Customers from Stripe."),
        tool("list_products", "This tool will fetch a list of Products from Stripe."),
      ]),
    ).toEqual([]);
  });
});
