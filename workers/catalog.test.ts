import { describe, expect, it } from 'vitest';
import type { JobQueue } from '../src/shared/index.js';
import { testConfig } from '../tests/helpers/test-config.js';
import { catalog, jobDefinition, QUEUE_NAMES, type JobName } from './catalog.js';
import type { JobHandlers } from './index.js';
import { schedulesFor } from './schedules.js';

const CONVERSATION = '0b8f6f8e-3f2a-4c1e-9a55-0c7d2f1e9b11';

/*
 * Type-level checks, run by `npm run typecheck` (this file is in tsconfig.json):
 * each `@ts-expect-error` fails the typecheck when the line under it compiles,
 * so a catalog that stopped typing producers or handlers breaks the build.
 * Never called at run time.
 */
export function producersAreChecked(queue: JobQueue): void {
  void queue.enqueue('turn', { conversationId: CONVERSATION }, { debounce: { key: `turn-${CONVERSATION}`, ttlMs: 1_000 } });
  void queue.enqueue('ask-manager-sweep', {});
  // @ts-expect-error a job the catalog does not declare
  void queue.enqueue('turns', { conversationId: CONVERSATION });
  // @ts-expect-error a payload missing its job's field
  void queue.enqueue('turn', { conversation: CONVERSATION });
  // @ts-expect-error a field of the wrong type
  void queue.enqueue('chatwoot-note', { conversationId: CONVERSATION, key: 'k', text: 42 });
  // @ts-expect-error an inbound job without its message
  void queue.enqueue('inbound', { instance: 'julia' });
}

export const handlersAreChecked: JobHandlers[] = [
  { turn: async ({ conversationId }) => conversationId.length },
  // @ts-expect-error a handler expecting a field its job does not carry
  { 'ask-manager-post': async (payload: { conversationId: string }) => payload.conversationId },
  // @ts-expect-error a handler for a job the catalog does not declare
  { 'no-such-job': async () => undefined },
];

describe('the job catalog', () => {
  const names = Object.keys(catalog) as JobName[];

  it('declares each job on a known queue, under a name BullMQ can carry in a job id', () => {
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) {
      expect(name).not.toContain(':');
      expect(QUEUE_NAMES).toContain(catalog[name].queue);
      expect(jobDefinition(name)).toBe(catalog[name]);
    }
  });

  it('refuses a name read from Redis that it does not declare', () => {
    expect(() => jobDefinition('no-such-job')).toThrow(/unknown job/);
    expect(() => jobDefinition('toString')).toThrow(/unknown job/);
  });

  it('keeps signing the jobs whose payload says whom Júlia answers or what she imports', () => {
    const signed = names.filter((n) => catalog[n].signed).sort();
    expect(signed).toEqual(expect.arrayContaining(['inbound', 'group-ingest', 'evolution-catchup', 'call-received']));
    expect(signed).not.toContain('alerts');
  });
});

describe('schedules from the catalog', () => {
  it('schedules only the jobs a process has handlers for', () => {
    const config = testConfig({ CATCHUP_INTERVAL_MS: '60000' });
    expect(schedulesFor(config, [])).toEqual([]);
    expect(schedulesFor(config, ['alerts', 'turn'])).toEqual([{ id: 'alerts', queue: 'scheduled', jobName: 'alerts', pattern: '*/15 * * * *' }]);
  });

  it('one catch-up scheduler per instance, with a payload its job accepts; none when the interval is 0', () => {
    const on = schedulesFor(testConfig({ CATCHUP_INTERVAL_MS: '60000', EVOLUTION_INSTANCE: 'a,b', EVOLUTION_API_URL: 'http://127.0.0.1:1', EVOLUTION_API_KEY: 'k' }), ['evolution-catchup']);
    expect(on.map((s) => [s.id, s.every])).toEqual([['evolution-catchup-a', 60_000], ['evolution-catchup-b', 60_000]]);
    for (const s of on) expect(catalog['evolution-catchup'].payload.safeParse(s.payload).success).toBe(true);
    expect(schedulesFor(testConfig({ CATCHUP_INTERVAL_MS: '0' }), ['evolution-catchup'])).toEqual([]);
  });

  it('follows the configuration where an operator sets the cadence', () => {
    const config = testConfig({ HUMAN_CONTROL_EXPIRE_HOURS: '0.001', BRIEFING_SYNC_CRON: '30 7 * * 1-5' });
    const [expiry] = schedulesFor(config, ['human-control-expiry']);
    expect(expiry?.every).toBe(1_000);
    expect(schedulesFor(config, ['briefing-sync'])[0]?.pattern).toBe('30 7 * * 1-5');
    expect(schedulesFor(testConfig(), ['human-control-expiry'])).toEqual([]);
  });

  it('every scheduled payload passes its job schema, and ids are unique', () => {
    const config = testConfig({ CATCHUP_INTERVAL_MS: '60000', HUMAN_CONTROL_EXPIRE_HOURS: '8' });
    const all = schedulesFor(config, Object.keys(catalog) as JobName[]);
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    for (const s of all) {
      expect(s.every ?? s.pattern).toBeTruthy();
      expect(catalog[s.jobName].queue).toBe('scheduled');
      expect(jobDefinition(s.jobName).payload.safeParse(s.payload ?? {}).success).toBe(true);
    }
  });
});
