"use client";
/**
 * The arguments of one needed tool call, as JSON. The draft is kept here while it is invalid, so nothing typed is
 * lost; the scenario only takes arguments that parse and match the tool's schema.
 */
import { useMemo, useState } from "react";
import { useTranslations } from "use-intl";
import { validateToolArguments } from "@/lib/catalog";
import { useProblemText } from "@/components/catalog/problem-text";
import type { CatalogTool } from "@/lib/core/catalog";
import { textAreaClass } from "@/components/playground/control-styles";

type Check = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };
type Say = ReturnType<typeof useTranslations<"conversation">>;

type Words = ReturnType<typeof useProblemText>;

function check(text: string, tool: CatalogTool | undefined, t: Say, problemText: Words): Check {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: t("notJson", { error: (error as Error).message }) };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { ok: false, message: t("notObject") };
  if (!tool) return { ok: false, message: t("unknownTool") };
  const validation = validateToolArguments(tool, value);
  if (validation.uncompilable !== undefined)
    return {
      ok: false,
      message: problemText({
        code: "uncompilable",
        values: { name: tool.name, reason: validation.uncompilable },
        message: validation.errors[0]?.message ?? validation.uncompilable,
      }),
    };
  if (!validation.valid) {
    // Ajv's reasons stay as Ajv writes them (paths and keywords), framed by a sentence in the reader's language.
    const reasons = validation.errors.map((error) => `${error.path} ${error.message}`.trim()).join("; ");
    return {
      ok: false,
      message: problemText({ code: "argumentsInvalid", values: { tool: tool.name, reasons }, message: reasons }),
    };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

export function ArgumentsEditor({
  value,
  tool,
  onChange,
}: {
  value: Record<string, unknown>;
  tool: CatalogTool | undefined;
  onChange(value: Record<string, unknown>): void;
}) {
  const t = useTranslations("conversation");
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const problemText = useProblemText();
  const result = useMemo(() => check(text, tool, t, problemText), [text, tool, t, problemText]);
  return (
    <div>
      <textarea
        className={`${textAreaClass} h-20 resize-y font-mono text-xs ${result.ok ? "" : "border-danger"}`}
        spellCheck={false}
        aria-label={t("arguments", { tool: tool?.name ?? "" })}
        aria-invalid={!result.ok}
        data-testid="turn-arguments"
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const nextResult = check(next, tool, t, problemText);
          if (nextResult.ok) onChange(nextResult.value);
        }}
      />
      {result.ok ? null : (
        <p className="mt-1 text-xs text-danger" role="alert" data-testid="turn-arguments-error">
          {result.message}
        </p>
      )}
    </div>
  );
}
