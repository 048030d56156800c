/**
 * Rate limits that hold across every process of one store: the per-client and whole-server buckets of
 * live-rate-limit.ts, counted by the store (in the database when there is one). A store that cannot answer falls
 * back to this process's own buckets, so a database hiccup neither opens the gate nor shuts it.
 */
import { type TakeResult, takeLiveToken } from "./live-rate-limit";
import type { RateLimitRecords } from "./store";

type Limits = { perMinute: number; burst: number; globalPerMinute: number };

export async function takeSharedToken(
  store: () => RateLimitRecords,
  scope: string,
  client: string,
  limits: Limits,
  now = Date.now(),
): Promise<TakeResult> {
  try {
    const records = store();
    const perClient = await records.take(
      `${scope}:client`,
      client,
      { capacity: limits.burst, refillPerSecond: limits.perMinute / 60 },
      now,
    );
    if (!perClient.ok) return perClient;
    return await records.take(
      `${scope}:global`,
      "*",
      {
        capacity: Math.max(limits.burst, Math.ceil(limits.globalPerMinute / 6)),
        refillPerSecond: limits.globalPerMinute / 60,
      },
      now,
    );
  } catch {
    return takeLiveToken(scope, client, limits, now);
  }
}
