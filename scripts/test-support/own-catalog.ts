/**
 * A person's own large catalog, as an MCP `tools/list` answer: the real MCP catalogs in examples/catalogs, served
 * once per tenant (`acme-eu__github__create_issue`). Its shape is unlike the synthetic one's: names with namespaces
 * in them and no `namespace` field, the real servers' nested schemas (`$defs`, `anyOf`, arrays of objects), and
 * long descriptions. The bench imports it through the page ("Open file"); tests generate turns over it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const CATALOGS_FOLDER = path.join(__dirname, "..", "..", "examples", "catalogs");

type McpTool = { name: string; description?: string; inputSchema: Record<string, unknown> };

const TENANTS = [
  "acme",
  "globex",
  "initech",
  "umbrella",
  "hooli",
  "stark",
  "wayne",
  "wonka",
  "tyrell",
  "cyberdyne",
  "soylent",
  "oscorp",
  "aperture",
  "massive",
];
const REGIONS = ["eu", "us"];

/** The real servers' tools, by server, in a fixed order. */
export function realMcpTools(): Array<{ server: string; tools: McpTool[] }> {
  return fs
    .readdirSync(CATALOGS_FOLDER)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => {
      const parsed = JSON.parse(fs.readFileSync(path.join(CATALOGS_FOLDER, file), "utf8")) as { tools?: McpTool[] };
      const server = file
        .replace(/\.json$/, "")
        .replace(/^mcp-servers-/, "")
        .replace(/-mcp(-server)?$|-server$|-agent-toolkit$/, "")
        .replace(/[^a-zA-Z0-9-]/g, "-");
      return { server, tools: parsed.tools ?? [] };
    });
}

export type OwnCatalogOptions = {
  /**
   * Give every tool a schema of its own (a `description` naming the tool): served for many tenants, the real servers'
   * tools repeat their schemas (10,000 tools, a few hundred distinct), and the import shares what repeats; a catalog
   * gathered from many different servers has no such repeats.
   */
  distinctSchemas?: boolean;
};

/** `count` tools, tenant after tenant, each tenant with every real server; names stay within 64 characters. */
export function ownMcpCatalog(count: number, options: OwnCatalogOptions = {}): { tools: McpTool[] } {
  const servers = realMcpTools();
  const tools: McpTool[] = [];
  for (let round = 0; tools.length < count; round++) {
    const tenant = `${TENANTS[round % TENANTS.length]}-${REGIONS[Math.floor(round / TENANTS.length) % REGIONS.length]}${
      round >= TENANTS.length * REGIONS.length ? Math.floor(round / (TENANTS.length * REGIONS.length)) + 1 : ""
    }`;
    for (const { server, tools: serverTools } of servers) {
      for (const tool of serverTools) {
        if (tools.length >= count) break;
        const name = `${tenant}__${server}__${tool.name}`.slice(0, 64);
        const environment = round % 3 === 0 ? "production" : round % 3 === 1 ? "staging" : "sandbox";
        tools.push({
          name,
          description:
            `${tool.description ?? ""}\n\nServed by ${tenant}'s ${server} connector (${environment}). ` +
            `Calls are audited and rate limited per workspace; results reflect the permissions of the connected ` +
            `account, and items the account cannot see are left out silently rather than reported as errors.`,
          inputSchema: options.distinctSchemas
            ? { ...tool.inputSchema, description: `The arguments of ${name}.` }
            : tool.inputSchema,
        });
      }
    }
  }
  return { tools };
}

/**
 * The bench's own catalog written where the browser can open it, named by its shape (`own-catalog-N` or
 * `own-catalog-N-distinct-schemas`, the bench's row label): the file the bench and the profilers choose with "Open file".
 */
export function writeOwnCatalogFile(count: number, options: OwnCatalogOptions = {}): { label: string; file: string } {
  const label = `own-catalog-${count}${options.distinctSchemas ? "-distinct-schemas" : ""}`;
  const file = path.join(os.tmpdir(), `${label}.json`);
  fs.writeFileSync(file, JSON.stringify(ownMcpCatalog(count, options)));
  return { label, file };
}
