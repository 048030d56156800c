import { describe, expect, it } from "vitest";
import { catalogFromServerTools, listAllTools, MAX_PAGES, type ToolLister } from "./list-tools";
import { classifyMcpError, McpImportFailure } from "./mcp-errors";

const tool = (name: string) => ({ name, description: `${name}.`, inputSchema: { type: "object", properties: {} } });

function lister(
  pages: Array<{ tools: unknown[]; nextCursor?: string }>,
): ToolLister & { cursors: Array<string | undefined> } {
  const cursors: Array<string | undefined> = [];
  return {
    cursors,
    async listTools(params) {
      cursors.push(params?.cursor);
      return pages[params?.cursor ? Number(params.cursor) : 0];
    },
  };
}

describe("listAllTools", () => {
  it("follows nextCursor until it is absent", async () => {
    const client = lister([
      { tools: [tool("a")], nextCursor: "1" },
      { tools: [tool("b")], nextCursor: "2" },
      { tools: [tool("c")] },
    ]);
    expect(await listAllTools(client, { timeoutMs: 1000 })).toMatchObject({
      pages: 3,
      tools: [{ name: "a" }, { name: "b" }, { name: "c" }],
    });
    expect(client.cursors).toEqual([undefined, "1", "2"]);
  });

  it("stops a server that repeats a cursor or paginates forever", async () => {
    await expect(listAllTools(lister([{ tools: [], nextCursor: "0" }]), { timeoutMs: 1000 })).rejects.toMatchObject({
      code: "protocol_error",
    });
    let page = 0;
    const endless: ToolLister = { listTools: async () => ({ tools: [tool(`t${page}`)], nextCursor: String(++page) }) };
    await expect(listAllTools(endless, { timeoutMs: 1000 })).rejects.toThrow(`past ${MAX_PAGES} pages`);
  });
});

describe("catalogFromServerTools", () => {
  it("namespaces tools by a sanitised server name", () => {
    const imported = catalogFromServerTools("@acme/tools server", [tool("a")], 1);
    expect(imported.namespace).toBe("acme_tools_server");
    expect(imported.catalog.tools[0].namespace).toBe("acme_tools_server");
  });

  it("explains a server that lists nothing or sends no tool list", () => {
    expect(() => catalogFromServerTools("s", [], 1)).toThrow(/lists no tools/);
    expect(() => catalogFromServerTools("s", [42], 1)).toThrow(McpImportFailure);
  });
});

describe("classifyMcpError", () => {
  it("sorts failures into codes with explanations", () => {
    const refused = Object.assign(new TypeError("fetch failed"), {
      cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
    });
    expect(classifyMcpError(refused, "http://x").code).toBe("unreachable");
    expect(classifyMcpError(Object.assign(new Error("Request timed out"), { code: -32001 }), "x").code).toBe("timeout");
    expect(classifyMcpError(Object.assign(new Error("spawn x ENOENT"), { code: "ENOENT" }), "x").code).toBe(
      "spawn_failed",
    );
    expect(classifyMcpError(Object.assign(new Error("HTTP 401"), { code: 401 }), "x").code).toBe("unauthorized");
    expect(classifyMcpError(new Error("Unexpected content type: text/html"), "x").code).toBe("protocol_error");
  });
});

describe("classifyMcpError never echoes a remote body", () => {
  it("keeps the HTTP status and drops the reply text", () => {
    const secretPage = "ami-id instance-id iam/security-credentials/admin AKIA-SECRET";
    const error = Object.assign(new Error(`Error POSTing to endpoint: ${secretPage}`), {
      code: 500,
      name: "StreamableHTTPError",
    });
    const failure = classifyMcpError(error, "http://169.254.169.254");
    expect(failure.code).toBe("protocol_error");
    expect(failure.message).toContain("HTTP 500");
    expect(failure.message).not.toContain("AKIA");
    expect(failure.message).not.toContain("security-credentials");
  });

  it("drops the message of a JSON-RPC error the server wrote", () => {
    const error = Object.assign(new Error("MCP error -32603: <html>internal admin</html>"), { code: -32603 });
    const failure = classifyMcpError(error, "x");
    expect(failure.message).toContain("JSON-RPC error -32603");
    expect(failure.message).not.toContain("admin");
  });
});
