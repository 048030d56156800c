"use client";
import { useTranslations } from "use-intl";
/** How to connect: one copyable line per client, each changing only the agent's base URL. */
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { ConnectionLine } from "@/lib/tap/connection-lines";

export function TapConnect({ lines }: { lines: ConnectionLine[] }) {
  const t = useTranslations("tap");
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <section data-testid="tap-connect">
      <h2 className="mb-1 text-sm font-semibold">{t("connect.title")}</h2>
      <p className="mb-2 text-xs text-muted">{t("connect.note")}</p>
      <ul className="space-y-1">
        {lines.map((line) => (
          <li
            key={line.id}
            className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm"
            data-testid={`tap-line-${line.id}`}
          >
            <span className="w-full shrink-0 text-muted sm:w-36">{line.label}</span>
            <code className="min-w-0 flex-1 break-all rounded bg-panel-muted px-2 py-1 text-xs">{line.line}</code>
            <Button
              size="sm"
              onClick={() => {
                void navigator.clipboard?.writeText(line.line).then(() => setCopied(line.id));
              }}
              aria-label={t("connect.copyLabel", { client: line.label })}
            >
              {copied === line.id ? t("connect.copied") : t("connect.copy")}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
