/**
 * What a live MCP server listed, and the button that adds it: as with a pasted list, only the tools whose schema
 * compiles go in, the button says how many, and the skipped ones are named (lib/catalog/import-selection.ts).
 * Presentational: the server's text is shown as text only (an MCP server is untrusted).
 */
"use client";
import { useLocale, useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import type { Locale } from "@/lib/i18n/locales";
import { importVerdict, selectUsableTools } from "@/lib/catalog/import-selection";
import type { McpImportSuccess } from "./mcp-import-form";
import { ImportVerdictText } from "./import-verdict-text";
import { ProblemList } from "./problem-list";

export function McpResult({
  result,
  onImport,
}: {
  result: McpImportSuccess;
  onImport(result: McpImportSuccess): void;
}) {
  const selection = selectUsableTools(result.catalog, result.problems);
  const t = useTranslations("import");
  const verdict = importVerdict(selection, "add", useLocale() as Locale);
  return (
    <div className="space-y-2" data-testid="mcp-result">
      <p className="text-sm">
        {t.rich("mcp.result", {
          server: result.serverName,
          version: result.serverVersion ?? "",
          count: result.toolCount,
          pages: result.pages,
          namespace: result.namespace,
          strong: (chunks) => <strong>{chunks}</strong>,
          code: (chunks) => <code>{chunks}</code>,
        })}
      </p>
      <ul className="max-h-40 overflow-auto rounded-lg border border-line p-2 text-xs">
        {result.catalog.tools.slice(0, 100).map((tool) => (
          <li key={tool.name} className="truncate" title={tool.description}>
            <span className="font-mono">{tool.name}</span> <span className="text-muted">{tool.description}</span>
          </li>
        ))}
      </ul>
      <ProblemList problems={result.problems} />
      <ImportVerdictText id="mcp-import-verdict" verdict={verdict} />
      <Button
        variant="primary"
        disabled={!verdict.allowed}
        aria-describedby="mcp-import-verdict"
        onClick={() => onImport({ ...result, catalog: selection.usable, toolCount: selection.usable.tools.length })}
        data-testid="mcp-import-tools"
      >
        {verdict.buttonLabel}
      </Button>
    </div>
  );
}
