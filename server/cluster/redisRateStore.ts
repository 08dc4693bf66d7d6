// Rate-limit counters in Redis, so that a client's budget is one budget
// across every instance behind the balancer. hono-rate-limiter's own
// RedisStore does the counting atomically in Lua; this only adapts ioredis
// to the small client shape it asks for.
import { RedisStore } from "hono-rate-limiter";
import type { Redis } from "ioredis";

export function redisRateStore(redis: Redis, prefix: string): RedisStore {
  return new RedisStore({
    prefix,
    client: {
      scriptLoad: (script) => redis.script("LOAD", script) as Promise<string>,
      evalsha: <TArgs extends unknown[], TData = unknown>(sha: string, keys: string[], args: TArgs) =>
        redis.evalsha(sha, keys.length, ...keys, ...(args as (string | number)[])) as Promise<TData>,
      decr: (key) => redis.decr(key),
      del: (key) => redis.del(key),
    },
  });
}
