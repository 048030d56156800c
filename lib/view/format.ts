/**
 * Number formatting shared by every panel. Fixed `en-US` locale so the server render, the client render and the
 * tests agree, and so numbers read the same on every projector.
 */
import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/translator";

const integerFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** `12345` → `12,345`. Non-finite values render as an em dash. */
export function formatTokens(tokens: number): string {
  if (!Number.isFinite(tokens)) return "—";
  return integerFormat.format(Math.round(tokens));
}

/** `12345` → `12.3k`, `1234567` → `1.23M`: for chart axes where space is short. */
export function formatTokensCompact(tokens: number): string {
  if (!Number.isFinite(tokens)) return "—";
  const magnitude = Math.abs(tokens);
  if (magnitude < 1000) return integerFormat.format(Math.round(tokens));
  if (magnitude < 1_000_000) return `${trimZeros((tokens / 1000).toPrecision(3))}k`;
  return `${trimZeros((tokens / 1_000_000).toPrecision(3))}M`;
}

/** A count with its noun, pluralised: `1 request`, `2 requests`, `10,000 tools`. */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatTokens(count)} ${count === 1 ? singular : plural}`;
}

export type UsdOptions = {
  /** Exactly this many decimals, e.g. to align a table column. Default: adaptive (see formatUsd). */
  decimals?: number;
};

/**
 * Adaptive USD: at least three significant digits for amounts under a dollar, cents above.
 * `0.0123` → `$0.0123`, `0.5` → `$0.50`, `1234.5` → `$1,234.50`, `0.000004` → `$0.000004`, `0` → `$0.00`.
 */
export function formatUsd(amount: number, options: UsdOptions = {}): string {
  if (!Number.isFinite(amount)) return "—";
  const sign = amount < 0 ? "−" : "";
  const magnitude = Math.abs(amount);
  const decimals = options.decimals ?? usdDecimals(magnitude);
  const text = new Intl.NumberFormat("en-US", {
    minimumFractionDigits: options.decimals ?? Math.min(2, decimals),
    maximumFractionDigits: decimals,
  }).format(magnitude);
  return `${sign}$${text}`;
}

/** Decimals that show three significant digits of `magnitude` (2 to 8). */
export function usdDecimals(magnitude: number): number {
  if (magnitude === 0 || magnitude >= 1) return 2;
  const leadingZeros = Math.floor(-Math.log10(magnitude));
  return Math.min(8, Math.max(2, leadingZeros + 3));
}

/** One decimal count for a whole column so the values line up: enough for the smallest non-zero amount. */
export function usdColumnDecimals(amounts: readonly number[]): number {
  const nonZero = amounts.filter((amount) => Number.isFinite(amount) && amount !== 0).map(Math.abs);
  if (nonZero.length === 0) return 2;
  return usdDecimals(Math.min(...nonZero));
}

/** A ratio in [0, 1] as a percentage: `0.873` → `87.3%`, `1` → `100%`, `0` → `0%`. */
export function formatPercent(ratio: number, options: { digits?: number } = {}): string {
  if (!Number.isFinite(ratio)) return "—";
  const digits = options.digits ?? 1;
  const percent = ratio * 100;
  if (percent === 0 || percent === 100) return `${percent}%`;
  return `${trimZeros(percent.toFixed(digits))}%`;
}

/**
 * Seconds in words for a projector: `0` → `0 s`, `45` → `45 s`, `150` → `2 min 30 s`, `3900` → `1 h 5 min`,
 * `90000` → `1 d 1 h`. Two units at most.
 */
export function formatDuration(seconds: number, locale: Locale = "en"): string {
  if (!Number.isFinite(seconds)) return "—";
  const t = translatorFor(locale, "run");
  const total = Math.max(0, Math.round(seconds));
  const units: Array<["d" | "h" | "min" | "s", number]> = [
    ["d", 86_400],
    ["h", 3_600],
    ["min", 60],
    ["s", 1],
  ];
  const say = (unit: (typeof units)[number][0], n: number) => t(`units.${unit}`, { n });
  const first = units.findIndex(([, size]) => total >= size);
  if (first === -1) return say("s", 0);
  const [unit, size] = units[first];
  const value = Math.floor(total / size);
  const text = say(unit, value);
  const next = units[first + 1];
  if (!next) return text;
  const rest = Math.floor((total - value * size) / next[1]);
  return rest > 0 ? `${text} ${say(next[0], rest)}` : text;
}

/** The scenario clock as `h:mm:ss` (`330` → `0:05:30`), for the step summary. */
export function formatClock(seconds: number): string {
  if (!Number.isFinite(seconds)) return "—";
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  return `${hours}:${String(minutes).padStart(2, "0")}:${String(secs).padStart(2, "0")}`;
}

/** Bytes with a decimal unit: `512` → `512 B`, `1536` → `1.5 kB`, `2_500_000` → `2.5 MB`. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return "—";
  if (bytes < 1000) return `${Math.round(bytes)} B`;
  if (bytes < 1_000_000) return `${trimZeros((bytes / 1000).toFixed(1))} kB`;
  return `${trimZeros((bytes / 1_000_000).toFixed(1))} MB`;
}

function trimZeros(text: string): string {
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}
