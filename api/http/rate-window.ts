import { LRUCache } from "lru-cache";

/**
 * A per-key request budget in fixed windows, kept in this process's memory: `take(key)` says whether one more request
 * fits the key's budget and, when not, how many seconds until the window turns. The LRU bound keeps a flood of
 * distinct keys (spoofed addresses) from growing memory; a key pushed out simply starts a fresh window. Behind
 * several API processes each counts its own share, so the effective budget is at most processes × limit.
 */
export interface RateWindow {
  take(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number };
}

export function rateWindow(opts: { limit: number; windowSeconds: number; now: () => Date; maxKeys?: number }): RateWindow {
  const windows = new LRUCache<string, { startedAt: number; count: number }>({ max: opts.maxKeys ?? 50_000 });
  const windowMs = opts.windowSeconds * 1000;
  return {
    take(key) {
      const now = opts.now().getTime();
      const current = windows.get(key);
      if (!current || now - current.startedAt >= windowMs || now < current.startedAt) {
        windows.set(key, { startedAt: now, count: 1 });
        return { allowed: true };
      }
      if (current.count >= opts.limit) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((current.startedAt + windowMs - now) / 1000)) };
      }
      current.count += 1;
      return { allowed: true };
    },
  };
}
