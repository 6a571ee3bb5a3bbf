import { readdir, readFile } from 'node:fs/promises';

/**
 * CPU seconds (user + system, every thread) each process has used so far, from
 * /proc (Linux). On a shared machine wall-clock figures swing with the load;
 * CPU spent per unit of work is the steadier measure of a change's effect.
 * 0 where /proc is unavailable.
 */
export async function cpuSeconds(pids: number[]): Promise<number[]> {
  return Promise.all(
    pids.map(async (pid) => {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
      // Fields after the command name (which may hold spaces): utime and stime are 14th and 15th.
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(rest[11] ?? 0) + Number(rest[12] ?? 0);
      return ticks / 100; // USER_HZ is 100 on Linux
    }),
  );
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
  const entries = await readdir('/proc').catch(() => [] as string[]);
  await Promise.all(
    entries
      .filter((e) => /^\d+$/.test(e))
      .map(async (pid) => {
        const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
        const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        if (!(comm in totals)) return;
        const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        totals[comm]! += (Number(rest[11] ?? 0) + Number(rest[12] ?? 0)) / 100;
      }),
  );
  return totals;
}
