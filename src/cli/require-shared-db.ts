import type { Config } from '../config.js';
import { ConfigError } from '../shared/errors.js';

/**
 * `web` and `worker` are separate processes (separate machines on Fly): each on
 * its own embedded PGlite would hold its own copy of every conversation. They
 * refuse to start until both point at one shared database.
 */
export function requireSharedDatabase(config: Config, role: string): void {
  if (config.database.kind !== 'pglite') return;
  throw new ConfigError(
    `julia ${role} needs a shared database: set DATABASE_URL (or SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY); ` +
      'embedded PGlite is only for `julia serve`',
  );
}
