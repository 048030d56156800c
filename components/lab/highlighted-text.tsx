import type { HighlightSegment } from "@/lib/lab/highlight";

export type HighlightedTextProps = {
  segments: readonly HighlightSegment[];
  className?: string;
};

/** Text with its matched words marked: each segment is a React element, never an HTML string. */
export function HighlightedText({ segments, className = "" }: HighlightedTextProps) {
  return (
    <span className={className}>
      {segments.map((segment, index) =>
        segment.hit ? (
          <mark
            key={index}
            data-testid="highlight"
            className="rounded-sm bg-[#ffe58f] px-0.5 text-[#1f2328] dark:bg-[#7a5d00] dark:text-[#fff4cc]"
          >
            {segment.text}
          </mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </span>
  );
}
