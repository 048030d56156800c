/** Number formatting for the lab: shares as percentages, scores and deltas with a fixed number of digits. */

export function formatShare(value: number, digits = 0): string {
  return `${(value * 100).toFixed(digits)}%`;
}

export function formatScore(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

export function formatCount(value: number): string {
  return value.toLocaleString("en-US");
}

/** Signed difference: "+0.04", "−12", "±0". `digits` decimals; shares may be shown as points. */
export function formatSigned(value: number, digits = 0): string {
  const rounded = Number(value.toFixed(digits));
  if (rounded === 0) return "±0";
  return `${rounded > 0 ? "+" : "−"}${Math.abs(rounded).toFixed(digits)}`;
}

/** A share's change in percentage points: "+4.3 pt". */
export function formatPoints(value: number): string {
  const points = value * 100;
  return `${formatSigned(points, Math.abs(points) >= 10 ? 0 : 1)} pt`;
}

export function formatRank(rank: number | null): string {
  return rank === null ? "—" : String(rank);
}
