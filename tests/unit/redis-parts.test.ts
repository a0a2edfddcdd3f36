/**
 * A Redis address given to Directus as its parts, so its clients' options can be set beside them
 * (scripts/lib/directus-env.ts).
 */
import { describe, expect, it } from 'vitest';
import { directusEnv, withRedisParts } from '../../scripts/lib/directus-env.ts';

describe('withRedisParts', () => {
  it('gives a redis: address as host, port, user, password and database, with a command failing after one reconnection', () => {
    expect(withRedisParts({ REDIS: 'redis://reader:p%40ss@cache.local:6380/2', REDIS_BUS_NAMESPACE: 'site:bus' })).toEqual({
      REDIS_HOST: 'cache.local', REDIS_PORT: '6380', REDIS_USERNAME: 'reader', REDIS_PASSWORD: 'p@ss', REDIS_DB: '2',
      REDIS_MAX_RETRIES_PER_REQUEST: '1', REDIS_BUS_NAMESPACE: 'site:bus',
    });
  });

  it('takes the default port, no database, and an IPv6 host without its brackets', () => {
    expect(withRedisParts({ REDIS: 'redis://[::1]' })).toEqual({ REDIS_HOST: '::1', REDIS_PORT: '6379', REDIS_MAX_RETRIES_PER_REQUEST: '1' });
  });

  it('keeps retries set by hand, a TLS address, and an environment without Redis as they are', () => {
    expect(withRedisParts({ REDIS: 'redis://127.0.0.1:6379', REDIS_MAX_RETRIES_PER_REQUEST: '5' }).REDIS_MAX_RETRIES_PER_REQUEST).toBe('5');
    expect(withRedisParts({ REDIS: 'rediss://cache.example:6380' })).toEqual({ REDIS: 'rediss://cache.example:6380' });
    expect(withRedisParts({ DB_CLIENT: 'sqlite3' })).toEqual({ DB_CLIENT: 'sqlite3' });
  });

  it('is what a Directus process is given', () => {
    const env = directusEnv({ dataDir: '/tmp/x', port: 1, secret: 's', adminEmail: 'a@b.c', adminPassword: 'p', extra: { REDIS: 'redis://127.0.0.1:6379' } });
    expect(env.REDIS).toBeUndefined();
    expect([env.REDIS_HOST, env.REDIS_PORT, env.REDIS_MAX_RETRIES_PER_REQUEST]).toEqual(['127.0.0.1', '6379', '1']);
  });
});
