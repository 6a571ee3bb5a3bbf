import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { settle, startE2E, type E2E } from './e2e-harness.js';

// With the humanized delay on, a reply waits a few seconds in the outbound queue.
// A message that arrives meanwhile supersedes it: the pending reply is blocked
// at send time and the turn runs again, answering both messages at once.
describe('superseding a pending reply', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({
      env: { HUMANIZED_DELAY: 'on' },
      anthropic: (body) => {
        const all = JSON.stringify(body.messages);
        return { text: all.includes('e no domingo?') ? 'Tenho sim, sábado e domingo!' : 'Tenho sábado sim!' };
      },
    });
  });
  afterAll(() => e.close());

  it('blocks the stale reply as superseded and sends one reply that sees both messages', async () => {
    const jid = '5511970000099@s.whatsapp.net';
    await e.post(evolutionPayload('text-conversation', { id: 'SUP-1', text: 'tem plantao sabado?', remoteJid: jid }));
    // The first turn has produced its reply, which now waits out its humanized delay.
    await waitFor(() => e.anthropic.calls().length === 1, { what: 'first turn' });
    await e.post(evolutionPayload('text-conversation', { id: 'SUP-2', text: 'e no domingo?', remoteJid: jid }));
    await waitFor(() => e.evolution.sentTexts().length === 1, { timeoutMs: 30_000, what: 'the reply' });
    await settle(2_000);
    expect(e.evolution.sentTexts().map((s) => s.text)).toEqual(['Tenho sim, sábado e domingo!']);
    const blocked = await e.db.pg.query<{ rule: string }>(
      `select props->>'rule' as rule from business_events where event_type = 'outbound_blocked' and doctor_id = (select id from doctors where phone = '5511970000099')`,
    );
    expect(blocked.rows.map((r) => r.rule)).toEqual(['superseded']);
    // The second turn's model saw the first message too.
    const second = JSON.stringify(e.anthropic.calls()[1]!.messages);
    expect(second).toContain('tem plantao sabado?');
    expect(second).toContain('e no domingo?');
  });
});
