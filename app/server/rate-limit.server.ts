/**
 * A small in-memory fixed-window rate limiter, per process. `hit` counts one attempt for a key
 * and says whether it is still allowed; `peek` checks without counting.
 */
export type RateLimiter = {
  hit(key: string): { allowed: boolean; retryAfterSeconds: number };
  peek(key: string): { allowed: boolean; retryAfterSeconds: number };
  reset(key?: string): void;
};

export function createRateLimiter({ limit, windowMs, now = Date.now }: { limit: number; windowMs: number; now?: () => number }): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();

  function current(key: string) {
    const t = now();
    let entry = windows.get(key);
    if (!entry || entry.resetAt <= t) {
      entry = { count: 0, resetAt: t + windowMs };
      windows.set(key, entry);
    }
    if (windows.size > 10_000) {
      for (const [k, v] of windows) if (v.resetAt <= t) windows.delete(k);
    }
    return { entry, t };
  }

  function answer(entry: { count: number; resetAt: number }, t: number, allowed: boolean) {
    return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((entry.resetAt - t) / 1000)) };
  }

  return {
    hit(key) {
      const { entry, t } = current(key);
      if (entry.count >= limit) return answer(entry, t, false);
      entry.count += 1;
      return answer(entry, t, true);
    },
    peek(key) {
      const { entry, t } = current(key);
      return answer(entry, t, entry.count < limit);
    },
    reset(key) {
      if (key === undefined) windows.clear();
      else windows.delete(key);
    },
  };
}
