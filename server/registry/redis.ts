// The Redis connection of the BullMQ engine and workers: BullMQ's required options, and a bounded check at start so
// an unreachable Redis is a clear "dependency unavailable" instead of endless reconnecting.
import { Redis } from 'ioredis';
import { registryError } from './errors';

/** Where Redis is, for messages: host and port only (the URL may hold a password). */
export function redisWhere(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '6379'}`;
  } catch {
    return 'the REDIS_URL';
  }
}

/**
 * Connects and checks that Redis answers.
 * @param url - REDIS_URL (redis://[user:password@]host:port[/db]).
 * @param timeoutMs - How long to wait for the first answer (default 5 s).
 * @returns The connection (BullMQ-ready: `maxRetriesPerRequest: null`); throws `transient` when Redis does not answer.
 */
export async function connectRedis(url: string, timeoutMs = 5000): Promise<Redis> {
  const redis = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true });
  // Connection errors surface through the check below; unhandled 'error' events would crash the process.
  redis.on('error', () => undefined);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      redis.connect().then(() => redis.ping()),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return redis;
  } catch {
    redis.disconnect();
    throw registryError('transient', `Redis at ${redisWhere(url)} does not answer`);
  } finally {
    clearTimeout(timer);
  }
}
