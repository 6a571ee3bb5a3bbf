export { createRedis, pingRedis, whenReady, type Redis } from './connect.js';
export { ensureRedis, locateRedis, type RedisTarget } from './ensure-redis.js';
export { onceKeys, type OnceKeys } from './once-key.js';
export { assertNoEviction } from './eviction-policy.js';
export { coalesceWrites } from './coalesce-writes.js';
export { redisLease, underLease, type Lease } from './lease.js';
