/**
 * Where recent views are remembered: in Redis when Directus runs with it (so every instance
 * behind the proxy, and a restart, agree), through Directus's own client and its options;
 * otherwise in this process.
 */
import { redisConfigAvailable, useRedis } from '../../shared/directus-internals.ts';
import { RepeatWindow } from './repeat-window.ts';
import { envText } from '../../shared/env.ts';

export interface VisitMemory {
  firstTime(key: string): Promise<boolean>;
  forget(key: string): Promise<void>;
}

export function visitMemory(env: Record<string, unknown>, windowMs: number): VisitMemory {
  if (redisConfigAvailable()) {
    const redis = useRedis();
    const prefix = `${envText(env, 'CACHE_NAMESPACE') ?? 'directus'}:views:`;
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
