import { readdir, readFile } from 'node:fs/promises';

/** A process's command name and CPU seconds so far (user + system, every thread), from /proc/PID/stat. */
async function readStat(pid: number | string): Promise<{ comm: string; seconds: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // The command name sits in parentheses and may hold spaces; utime and stime are the
  // 14th and 15th fields, the 12th and 13th after it. USER_HZ is 100 on Linux.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), seconds: (Number(rest[11] ?? 0) + Number(rest[12] ?? 0)) / 100 };
}

/**
 * CPU seconds (user + system, every thread) each process has used so far, from
 * /proc (Linux). On a shared machine wall-clock figures swing with the load;
 * CPU spent per unit of work is the steadier measure of a change's effect.
 * 0 where /proc is unavailable.
 */
export async function cpuSeconds(pids: number[]): Promise<number[]> {
  return Promise.all(pids.map(async (pid) => (await readStat(pid)).seconds));
}

/**
 * CPU seconds used so far by every process whose command name (/proc/PID/comm)
 * is one of `names`, summed per name: the shared servers a bench loads
 * (PostgreSQL's backends and helpers, redis-server), which have no pid of the
 * bench's own. Processes that exit between two readings drop out of the sum,
 * so compare readings taken while the servers run.
 */
export async function cpuSecondsByCommand(names: string[]): Promise<Record<string, number>> {
  const totals: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]));
  const pids = (await readdir('/proc').catch(() => [] as string[])).filter((e) => /^\d+$/.test(e));
  for (const { comm, seconds } of await Promise.all(pids.map(readStat))) if (comm in totals) totals[comm]! += seconds;
  return totals;
}
