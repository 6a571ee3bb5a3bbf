import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { DbError, retryTransient, type Db } from './rpc.js';

export interface SupabaseOptions {
  url: string;
  serviceRoleKey: string;
  timeoutMs?: number;
}

/** supabase-js `rpc`: POST /rest/v1/rpc/<name> with the named arguments as JSON. */
export function createSupabaseDb(opts: SupabaseOptions): Db {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const client = createClient(opts.url, opts.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // supabase-js 2.109 on Node 20 has no global WebSocket; realtime is unused but must construct.
    realtime: { transport: WebSocket as never },
    global: { fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }) },
  });
  return {
    kind: 'supabase',
    async rpc<T>(name: string, args = {}): Promise<T> {
      const body = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined));
      // PostgREST reports the SQLSTATE as the error code, so a deadlock victim is retried here too.
      return retryTransient(async () => {
        let res;
        try {
          res = await client.rpc(name, body);
        } catch (err) {
          throw new DbError(name, 'network', err instanceof Error ? err.message : String(err));
        }
        if (res.error) {
          const detail = res.error.details ? ` (${res.error.details})` : '';
          throw new DbError(name, res.error.code || String(res.status), `${res.error.message}${detail}`);
        }
        return res.data as T;
      });
    },
    async close() {
      await client.removeAllChannels();
    },
  };
}
