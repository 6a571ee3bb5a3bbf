import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInvariants } from '../../src/ops/index.js';
import { evolutionVersionPayload } from '../helpers/evolution-fixture.js';
import { startE2E, type E2E } from './e2e-harness.js';
import { offerTurn } from './offer-script.js';

const FIXTURES = readdirSync(join(import.meta.dirname, '../fixtures/evolution'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''))
  .sort();

/**
 * Issue 26, "no Evolution event we know of gets a 4xx or 5xx": every recorded
 * payload of every version, posted the way Evolution posts it, is acknowledged
 * with 2xx, none lands in dead letters, and the spec's invariants hold after the
 * whole run has been processed.
 */
describe('every known Evolution payload', () => {
  let e: E2E;
  const started = new Date();
  beforeAll(async () => {
    e = await startE2E({ anthropic: offerTurn });
  });
  afterAll(() => e.close());

  it('has payloads of each version we support', () => {
    for (const version of ['v1.8-', 'v2.2-', 'v2.3-']) expect(FIXTURES.some((f) => f.startsWith(version))).toBe(true);
  });

  it.each(FIXTURES)('%s is acknowledged with 2xx and never dead-lettered', async (name) => {
    const deadBefore = Number((await e.db.pg.query<{ n: number }>('select count(*)::int n from dead_letters')).rows[0]!.n);
    const res = await e.post(evolutionVersionPayload(name));
    expect(res.status, await res.clone().text()).toBeGreaterThanOrEqual(200);
    expect(res.status).toBeLessThan(300);
    const dead = Number((await e.db.pg.query<{ n: number }>('select count(*)::int n from dead_letters')).rows[0]!.n);
    expect(dead - deadBefore).toBe(0);
  });

  it('leaves every invariant holding once the whole run is processed', async () => {
    // Every turn, answer and outcome the run caused has been processed.
    await e.idle();
    const report = await runInvariants(e.app.deps.db, new Date(started.getTime() - 60_000));
    // Every fixture, a message typed on Júlia's phone (from-me.json) included: nothing may fail.
    const failing = report.checks.filter((c) => c.violations > 0);
    expect(failing).toEqual([]);
  });
});
