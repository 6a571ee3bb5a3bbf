import { loadConfig } from './config.js';
import { AppError, errorMessage } from './shared/errors.js';

/**
 * The `julia` CLI. Each subcommand lives in src/cli/<name>.ts and is loaded on
 * demand, so `julia migrate` does not pay for the agent or the HTTP server.
 */
const COMMANDS: Record<string, { file: string; help: string }> = {
  serve: { file: './cli/serve.js', help: 'HTTP server and workers in one process (embedded default)' },
  web: { file: './cli/web.js', help: 'HTTP server only: webhooks, Slack, admin, health' },
  worker: { file: './cli/worker.js', help: 'BullMQ workers and job schedulers only' },
  migrate: { file: './cli/migrate.js', help: 'apply supabase/migrations (once each)' },
  seed: { file: './cli/seed.js', help: 'load supabase/seed.sql demo data (idempotent)' },
  status: { file: './cli/status.js', help: 'queues, today\'s counts, circuits, flags and last errors [--json]' },
  invariants: { file: './cli/invariants.js', help: 'check the spec invariants (I1-I6, O1-O4) in the database; exit 1 on violations' },
  chat: { file: './cli/chat.js', help: 'terminal demo: talk to Júlia as a doctor [phone] (needs ANTHROPIC_API_KEY; prints, never sends)' },
  'index-knowledge': { file: './cli/index-knowledge.js', help: 'chunk, embed and store knowledge/ (incremental)' },
  campaign: { file: './cli/campaign.js', help: 'campaigns: create | list | show | start | pause | resume | cancel (julia campaign for usage)' },
  groups: { file: './cli/groups.js', help: 'shifts from WhatsApp groups: review | show | approve | reject | stats | list | allow | deny' },
  eval: { file: './cli/eval.js', help: 'conversation scenarios (tests/scenarios) through the real pipeline: --offline scripted, else the real model' },
  classify: { file: './cli/classify.js', help: 'JSON lines on stdin -> detector labels on stdout (offline)' },
  export: { file: './cli/export.js', help: 'reports as CSV for Excel: doctors | shifts | campaign ID [--out FILE]' },
  doctor: { file: './cli/doctor.js', help: 'a doctor\'s rights (LGPD): show | export | erase PHONE' },
  import: { file: './cli/import.js', help: 'a company\'s doctors | hospitals | shifts from a CSV file [--dry-run] (julia import for usage)' },
  fill: { file: './cli/fill.js', help: 'fill plans for urgent shifts: status [--json] | on | off [--hospital NAME]' },
  'dead-letters': { file: './cli/dead-letters.js', help: 'webhook payloads refused as never-queueable, newest first [--limit N] [--source S] [--json]' },
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(16)} ${c.help}`);
  return `usage: julia <command>\n\ncommands:\n${lines.join('\n')}`;
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(usage());
    return name ? 0 : 1;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`julia: unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  try {
    const config = loadConfig(process.env);
    const mod = (await import(command.file)) as { run(config: ReturnType<typeof loadConfig>, args: string[]): Promise<number> };
    return await mod.run(config, rest);
  } catch (err) {
    // One line, no stack: operators read this in `fly logs`.
    const message = err instanceof AppError ? err.message : `julia ${name}: ${errorMessage(err)}`;
    console.error(message);
    return 1;
  }
}

// Long-running commands resolve only after a graceful shutdown.
process.exit(await main(process.argv.slice(2)));
