import type { StepKind } from "@/lib/engine/types";

const PATHS: Record<StepKind, string> = {
  // magnifier
  search:
    "M10.5 4a6.5 6.5 0 1 0 4.03 11.6l4.43 4.43 1.41-1.41-4.43-4.43A6.5 6.5 0 0 0 10.5 4Zm0 2a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9Z",
  // arrow down into a tray
  load: "M11 3h2v9.17l3.59-3.58L18 10l-6 6-6-6 1.41-1.41L11 12.17V3ZM4 18h16v2H4v-2Z",
  // wrench
  call: "M21.7 6.3a5.5 5.5 0 0 1-7.14 6.69L7.4 20.15a2 2 0 0 1-2.83 0l-.72-.72a2 2 0 0 1 0-2.83l7.16-7.16A5.5 5.5 0 0 1 17.7 2.3l-3.2 3.2.7 2.6 2.6.7 3.2-3.2.7.7Z",
  // circular arrow
  retry: "M12 5V2L7.5 6.5 12 11V7a5 5 0 1 1-5 5H5a7 7 0 1 0 7-7Z",
  // speech bubble
  answer:
    "M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-5 4v-4H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Zm1 2v9h1v2.2L8.3 15H19V6H5Z",
};

/** A 16 px glyph for a request kind; decorative, so hidden from screen readers (the kind is in the label). */
export function StepKindIcon({ kind, className = "h-4 w-4" }: { kind: StepKind; className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={className} fill="currentColor">
      <path d={PATHS[kind]} />
    </svg>
  );
}
