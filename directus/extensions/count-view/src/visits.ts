/**
 * Where recent views are remembered: in Redis when Directus runs with it (so every instance
 * behind the proxy, and a restart, agree), otherwise in this process.
 */
import { Redis } from 'ioredis';
import { RepeatWindow } from './repeat-window.ts';

export interface VisitMemory {
  firstTime(key: string): Promise<boolean>;
  forget(key: string): Promise<void>;
}

export function visitMemory(env: Record<string, unknown>, windowMs: number): VisitMemory {
  const url = env.REDIS;
  if (typeof url === 'string' && url) {
    const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
    const prefix = `${typeof env.CACHE_NAMESPACE === 'string' ? env.CACHE_NAMESPACE : 'directus'}:views:`;
    return {
      // SET NX is atomic: of two instances seeing the same visitor at once, one wins.
      firstTime: async (key) => (await redis.set(prefix + key, '1', 'PX', windowMs, 'NX')) === 'OK',
      forget: async (key) => void (await redis.del(prefix + key)),
    };
  }
  const local = new RepeatWindow(windowMs, 100_000);
  return {
    firstTime: async (key) => local.firstTime(key),
    forget: async (key) => local.forget(key),
  };
}
