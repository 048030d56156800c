/**
 * What an import will do, under the problems it found: how many tools go in and which are skipped, or, in red, why
 * nothing can. The import button points at it (`aria-describedby` = `id`), so a screen reader hears it with the button.
 */
import type { ImportVerdict } from "@/lib/catalog/import-selection";

export function ImportVerdictText({ id, verdict }: { id: string; verdict: ImportVerdict }) {
  return (
    <p id={id} className={`text-sm ${verdict.allowed ? "text-ink" : "font-semibold text-danger"}`} data-testid={id}>
      {verdict.summary}
    </p>
  );
}
