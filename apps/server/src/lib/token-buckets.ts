/**
 * A token bucket per key, in this process's memory: each key holds up to `burst` tokens, refilled at
 * `perSecond`; a request takes one. A key whose bucket has refilled is forgotten, so the map holds
 * only the keys seen in the last few seconds.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private sweptAt = 0;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  /** Takes a token for `key`: answers 0 when it had one, else the whole seconds until it will. */
  take(key: string, now: number = Date.now()): number {
    this.sweep(now);
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond));
  }

  /** Drops the buckets that have refilled since they were last used: they behave as new ones. */
  private sweep(now: number): void {
    const fullAfterMs = (this.burst / this.perSecond) * 1000;
    if (now - this.sweptAt < fullAfterMs) return;
    this.sweptAt = now;
    for (const [key, bucket] of this.buckets) if (now - bucket.at >= fullAfterMs) this.buckets.delete(key);
  }
}
