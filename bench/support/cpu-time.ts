import { readFile } from 'node:fs/promises';

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
