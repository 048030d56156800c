/** A live server's list imports like a pasted one: only the usable tools, the count on the button, none: disabled. */
import { renderInLocale } from "@/components/i18n/render-in-locale";
import { describe, expect, it } from "vitest";
import type { CatalogTool } from "@/lib/core/catalog";
import type { McpImportSuccess } from "./mcp-import-form";
import { McpResult } from "./mcp-result";

const tool = (name: string, schemaError?: string): CatalogTool => ({
  name,
  description: `${name}.`,
  inputSchema: { type: "object" },
  ...(schemaError ? { schemaError } : {}),
});

const result = (tools: CatalogTool[]): McpImportSuccess => ({
  serverName: "everything",
  namespace: "everything",
  toolCount: tools.length,
  pages: 1,
  catalog: { tools },
  problems: [],
});

describe("McpResult", () => {
  it("offers only the tools whose schema compiles, and names the skipped one", () => {
    const html = renderInLocale(
      <McpResult result={result([tool("echo"), tool("broken", "bad type"), tool("add")])} onImport={() => {}} />,
    );
    expect(html).toContain("Import the 2 valid tools");
    expect(html).toContain("is skipped (broken)");
  });

  it("keeps the button disabled, with the reason, when no tool is usable", () => {
    const html = renderInLocale(<McpResult result={result([tool("broken", "bad type")])} onImport={() => {}} />);
    expect(html).toMatch(
      /<button[^>]*disabled[^>]*data-testid="mcp-import-tools"|data-testid="mcp-import-tools"[^>]*disabled/,
    );
    expect(html).toContain("No tool here can be imported");
  });

  it("says the plain count when every tool is usable", () => {
    expect(renderInLocale(<McpResult result={result([tool("echo"), tool("add")])} onImport={() => {}} />)).toContain(
      "Import 2 tools",
    );
  });
});
