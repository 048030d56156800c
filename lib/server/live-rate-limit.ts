/**
 * Token buckets for the live routes: one per client (keyed by IP) and one for the whole server. The per-client
 * bucket keeps one visitor from spending the owner's key; the global bucket is the backstop, because without a
 * trusted proxy the client IP comes from X-Forwarded-For, which a client can forge (Next.js only fills it in when
 * absent).
 */
import { peerAddress } from "./exposure";

export type TakeResult = { ok: true } | { ok: false; retryAfterSeconds: number };

export class TokenBucketLimiter {
  private readonly buckets = new Map<string, { tokens: number; updatedAt: number }>();

  constructor(private readonly options: { capacity: number; refillPerSecond: number; maxKeys?: number }) {}

  take(key: string, now = Date.now()): TakeResult {
    const { capacity, refillPerSecond } = this.options;
    const bucket = this.buckets.get(key) ?? { tokens: capacity, updatedAt: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.updatedAt) / 1000) * refillPerSecond);
    bucket.updatedAt = now;
    // Re-insert so the Map's order is least recently used first, for eviction below.
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    this.evict();
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerSecond)) };
  }

  private evict(): void {
    const maxKeys = this.options.maxKeys ?? 10_000;
    while (this.buckets.size > maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest === undefined) break;
      this.buckets.delete(oldest);
    }
  }
}

/**
 * Who is calling, for rate limits. Behind trusted reverse proxies (hops > 0): X-Forwarded-For counted from the
 * right. Otherwise the socket address scripts/serve.mjs vouches for (lib/server/exposure.ts), because a client can
 * write any X-Forwarded-For it likes; only without that (plain `next start`) the forwarded headers.
 */
export function requestClient(request: Request, trustedProxyHops: number): string {
  if (trustedProxyHops === 0) {
    const peer = peerAddress(request);
    if (peer) return peer;
  }
  return clientAddress(request, trustedProxyHops);
}

/** The client address: X-Forwarded-For counted from the right past the trusted proxies, else X-Real-IP. */
export function clientAddress(request: Request, trustedProxyHops: number): string {
  const forwarded = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (forwarded.length) return forwarded[Math.max(0, forwarded.length - 1 - trustedProxyHops)];
  return request.headers.get("x-real-ip")?.trim() || "unknown";
}

type Limits = { perMinute: number; burst: number; globalPerMinute: number };

type LimiterSet = { signature: string; perClient: TokenBucketLimiter; global: TokenBucketLimiter };

// Per process, shared by every route bundle (Next.js may load this module more than once).
const LIMITERS_KEY = Symbol.for("tool-disclosure-playground.live-rate-limiters");
type Holder = { [LIMITERS_KEY]?: Map<string, LimiterSet> };

function limiters(scope: string, limits: Limits): LimiterSet {
  const holder = globalThis as Holder;
  holder[LIMITERS_KEY] ??= new Map();
  const signature = `${limits.perMinute}/${limits.burst}/${limits.globalPerMinute}`;
  const existing = holder[LIMITERS_KEY].get(scope);
  if (existing && existing.signature === signature) return existing;
  const created: LimiterSet = {
    signature,
    perClient: new TokenBucketLimiter({ capacity: limits.burst, refillPerSecond: limits.perMinute / 60 }),
    global: new TokenBucketLimiter({
      capacity: Math.max(limits.burst, Math.ceil(limits.globalPerMinute / 6)),
      refillPerSecond: limits.globalPerMinute / 60,
    }),
  };
  holder[LIMITERS_KEY].set(scope, created);
  return created;
}

/** Takes one token for this client in this scope ("send" or "count"); both buckets must allow it. */
export function takeLiveToken(scope: string, client: string, limits: Limits, now = Date.now()): TakeResult {
  const set = limiters(scope, limits);
  const perClient = set.perClient.take(client, now);
  if (!perClient.ok) return perClient;
  return set.global.take("*", now);
}

const BUCKETS_KEY = Symbol.for("tool-disclosure-playground.named-rate-limiters");
type BucketHolder = { [BUCKETS_KEY]?: Map<string, TokenBucketLimiter> };

/** One token from the named bucket's `key`, counted in this process (the embedded store's rate limits). */
export function takeBucketToken(
  bucket: string,
  key: string,
  limits: { capacity: number; refillPerSecond: number },
  now = Date.now(),
): TakeResult {
  const holder = globalThis as BucketHolder;
  const limiters = (holder[BUCKETS_KEY] ??= new Map());
  const name = `${bucket}\u0000${limits.capacity}\u0000${limits.refillPerSecond}`;
  let limiter = limiters.get(name);
  if (!limiter) limiters.set(name, (limiter = new TokenBucketLimiter(limits)));
  return limiter.take(key, now);
}

/** Tests: forget every bucket. */
export function resetLiveRateLimits(): void {
  (globalThis as Holder)[LIMITERS_KEY]?.clear();
  (globalThis as BucketHolder)[BUCKETS_KEY]?.clear();
}
