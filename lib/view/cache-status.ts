import type { SegmentCacheStatus } from "../core";

export type CacheStatusStyle = {
  status: SegmentCacheStatus;
  /** Legend text. */
  label: string;
  /** One sentence for tooltips and screen readers: what the provider does with these tokens. */
  description: string;
  /** CSS custom property defined in app/globals.css for both themes. */
  cssVariable: `--cache-${string}`;
  /** Used when the variable is missing, so a panel is never colourless. */
  fallback: string;
  /** `var(--cache-read, #16a34a)`: ready for `style`, SVG `fill` and Recharts. */
  color: string;
};

function style(status: SegmentCacheStatus, label: string, description: string, fallback: string): CacheStatusStyle {
  const cssVariable = `--cache-${status}` as const;
  return { status, label, description, cssVariable, fallback, color: `var(${cssVariable}, ${fallback})` };
}

/**
 * The four things a provider can do with a block of the prompt. Read is green and invalidated is red so the
 * moment a strategy loses its cache is visible at a glance; write is amber (paid extra once, cheap later);
 * uncached is neutral grey (full price, nothing kept).
 */
export const CACHE_STATUS_STYLES: Record<SegmentCacheStatus, CacheStatusStyle> = {
  read: style("read", "Read from cache", "Read from the prompt cache at the discounted cache-read price.", "#16a34a"),
  write: style(
    "write",
    "Written to cache",
    "Sent at full price plus the cache-write surcharge and stored for the next request.",
    "#d97706",
  ),
  uncached: style("uncached", "Not cached", "Sent at the normal input price and not kept in the cache.", "#64748b"),
  invalidated: style(
    "invalidated",
    "Invalidated",
    "Was cached by the previous request but no longer matches the prefix, so it is paid for again.",
    "#dc2626",
  ),
};

/** Legend order: from best (cheap) to worst (lost cache). */
export const CACHE_STATUS_ORDER: readonly SegmentCacheStatus[] = ["read", "write", "uncached", "invalidated"];

/**
 * Fill of a bar or swatch of this status, as CSS properties. Write and invalidated carry a pattern as well as a
 * colour, so the statuses stay apart in greyscale and for colour-blind viewers.
 */
export function cacheStatusBackground(status: SegmentCacheStatus): {
  backgroundColor: string;
  backgroundImage?: string;
} {
  const backgroundColor = CACHE_STATUS_STYLES[status].color;
  if (status === "invalidated") {
    return {
      backgroundColor,
      backgroundImage: "repeating-linear-gradient(135deg, rgba(255,255,255,0.45) 0 3px, transparent 3px 8px)",
    };
  }
  if (status === "write") {
    return {
      backgroundColor,
      backgroundImage: "repeating-linear-gradient(90deg, rgba(255,255,255,0.22) 0 2px, transparent 2px 10px)",
    };
  }
  return { backgroundColor };
}
