"use client";
import { useTranslations } from "use-intl";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { FileDropArea } from "@/components/ui/file-drop-area";

export type TraceDropZoneProps = { onFile(file: File): void };

/** Drop a HAR or JSONL file here, or pick one. */
export function TraceDropZone({ onFile }: TraceDropZoneProps) {
  const t = useTranslations("trace");
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <FileDropArea
      onFile={onFile}
      className="flex flex-col items-center gap-3 rounded-xl px-6 py-8 text-center"
      data-testid="trace-drop-zone"
    >
      <p className="text-sm text-ink">{t("drop.hint")}</p>
      <Button onClick={() => inputRef.current?.click()} data-testid="trace-pick-file">
        {t("drop.choose")}
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept=".har,.jsonl,.ndjson,.json,application/json"
        className="hidden"
        data-testid="trace-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = "";
        }}
      />
    </FileDropArea>
  );
}
