import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGroupReview, type GroupReview } from '../../../src/groups/index.js';
import { silentLogger } from '../../../src/shared/index.js';
import { groupIngestHandler } from '../../../workers/group-ingest.js';
import { groupSweepHandler } from '../../../workers/group-sweep.js';
import { startAnthropicFake, type AnthropicFake } from '../../fakes/anthropic-fake.js';
import { allowGroup } from '../../helpers/group-access.js';
import { recordingQueue } from '../../helpers/recording-queue.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { makeProcessor, posts, savePost, scriptedModel, type Post } from './group-harness.js';

/**
 * Whoever adds Júlia's number to a group can post shifts there. A group's posts
 * are read only once a manager allowed it; its complete shifts are imported
 * without review only when it is trusted; anything else is kept for audit and
 * never shown to the heuristics or the model.
 */
const UNKNOWN = '120363999000001@g.us';
const ALLOWED = '120363999000002@g.us';
const TRUSTED = '120363999000003@g.us';
// A complete shift (known hospital and specialty, R$ 1.500, 12 h) and its repost from another group.
const complete = posts.find((p) => p.id === 'p01')!;
const repost = posts.find((p) => p.id === 'p04')!;
const inGroup = (p: Post, group: string, id = `${p.id}-${group.slice(10, 15)}`): Post => ({ ...p, id, group });

let db: TestDb;
let anthropic: AnthropicFake;
let h: ReturnType<typeof makeProcessor>;
let review: GroupReview;
beforeEach(async () => {
  db = await createTestDb({ seed: true });
  anthropic = await startAnthropicFake({ handler: scriptedModel() });
  h = makeProcessor(db, anthropic);
  review = createGroupReview({ db, clock: h.clock });
});
afterEach(async () => {
  await anthropic?.close();
  await db?.close();
});
afterAll(() => undefined);

async function process(p: Post) {
  const id = await savePost(db, p);
  h.clock.set(new Date(new Date(p.sentAt).getTime() + 60_000));
  return { id, outcome: await h.processor.process(id) };
}
const shiftsFrom = async (messageId: string) =>
  db.query<{ status: string; reason: string | null; shift_id: string | null }>(
    'select g.status, g.reason, g.shift_id from group_shift_sources s join group_shifts g on g.id = s.group_shift_id where s.group_message_id = $1', [messageId]);
const openGroupShifts = async () => (await db.query<{ n: number }>("select count(*)::int n from shifts where external_ref like 'group:%'"))[0]!.n;

describe('groups are opted in', () => {
  it('a complete post from a group nobody allowed is stored as ignored: not queued, not swept, no model call, no shift', async () => {
    const queue = recordingQueue();
    const p = inGroup(complete, UNKNOWN);
    const message = { instance: 'julia-1', providerMessageId: p.id, chatJid: UNKNOWN, phone: p.sender, lid: null, kind: 'text', text: p.body, sentAt: p.sentAt };
    const saved = await groupIngestHandler({ db, queue })(message as never);
    expect(saved).toMatchObject({ status: 'ignored' });
    expect(queue.jobs).toEqual([]);
    const [row] = await db.query<{ status: string; discard_reason: string; body: string }>('select status, discard_reason, body from group_messages where provider_message_id = $1', [p.id]);
    expect(row).toMatchObject({ status: 'ignored', discard_reason: 'grupo_nao_permitido', body: p.body });
    // Even a job armed by hand (or by an older version) reads nothing.
    expect(await h.processor.process((saved as { id: string }).id)).toEqual({ status: 'already' });
    const sweep = groupSweepHandler({ db, queue, logger: silentLogger, now: () => new Date(Date.now() + 3_600_000) });
    expect(await sweep()).toEqual({ armed: 0 });
    expect(anthropic.calls()).toHaveLength(0);
    expect(await db.query('select 1 from group_shifts')).toEqual([]);
    expect(await openGroupShifts()).toBe(0);
    const list = await review.grupos_permitidos();
    expect(list.allowed).toEqual([]);
    expect(list.not_allowed).toEqual([expect.objectContaining({ group_jid: UNKNOWN, messages: 1 })]);
  });

  it('a post saved while its group was allowed, then denied before it was read, is ignored without a model call', async () => {
    await allowGroup(db, ALLOWED);
    const id = await savePost(db, inGroup(complete, ALLOWED));
    expect(await review.negar_grupo({ grupo: ALLOWED, por: 'ana' })).toMatchObject({ ok: true, removed: true });
    expect(await h.processor.process(id)).toEqual({ status: 'ignored', reason: 'grupo_nao_permitido' });
    expect(anthropic.calls()).toHaveLength(0);
    expect(await openGroupShifts()).toBe(0);
  });

  it('an allowed but untrusted group\'s complete post waits for review; a person imports it', async () => {
    await allowGroup(db, ALLOWED);
    const { id, outcome } = await process(inGroup(complete, ALLOWED));
    expect(outcome.status).toBe('parsed');
    expect(anthropic.calls()).toHaveLength(1);
    const [shift] = await shiftsFrom(id);
    expect(shift).toMatchObject({ status: 'review', reason: 'grupo_nao_confiavel', shift_id: null });
    expect(await openGroupShifts()).toBe(0);
    const waiting = await review.listar_vagas_revisao();
    expect(waiting.map((w) => w.reason)).toEqual(['grupo_nao_confiavel']);
    expect(await review.aprovar_vaga_grupo({ id: waiting[0]!.id, por: 'ana' })).toMatchObject({ ok: true });
    expect(await openGroupShifts()).toBe(1);
  });

  it('a trusted group\'s complete post is imported without review', async () => {
    await allowGroup(db, TRUSTED, { trusted: true });
    const { id } = await process(inGroup(complete, TRUSTED));
    expect((await shiftsFrom(id))[0]).toMatchObject({ status: 'imported', reason: null });
    expect(await openGroupShifts()).toBe(1);
  });

  it('a shift first posted in an untrusted group stays in review when a trusted group reposts it (the first post set its fields)', async () => {
    await allowGroup(db, ALLOWED);
    await allowGroup(db, TRUSTED, { trusted: true });
    const first = await process(inGroup(repost, ALLOWED));
    const second = await process(inGroup(complete, TRUSTED));
    const [a] = await shiftsFrom(first.id);
    const [b] = await shiftsFrom(second.id);
    expect(a).toEqual(b);
    expect(b).toMatchObject({ status: 'review', reason: 'grupo_nao_confiavel' });
    expect(await openGroupShifts()).toBe(0);
  });

  it('allow, trust and deny are idempotent, recorded once per change, refuse a non-group JID, and agree when run at once', async () => {
    expect(await review.permitir_grupo({ grupo: 'not-a-group', por: 'ana' })).toEqual({ ok: false, error: 'grupo_invalido' });
    expect(await review.permitir_grupo({ grupo: '5511987654321@s.whatsapp.net', por: 'ana' })).toEqual({ ok: false, error: 'grupo_invalido' });
    const twice = await Promise.all([0, 1].map(() => review.permitir_grupo({ grupo: '120363999000009', nome: 'Plantões ABC', por: 'ana' })));
    expect(twice.map((r) => r.ok && r.group_jid)).toEqual(['120363999000009@g.us', '120363999000009@g.us']);
    expect(twice.filter((r) => r.ok && r.changed)).toHaveLength(1);
    expect(await review.permitir_grupo({ grupo: '120363999000009@g.us', confiavel: true, por: 'bia' })).toMatchObject({ ok: true, trusted: true, label: 'Plantões ABC', changed: true });
    // Re-labelling keeps the trust.
    expect(await review.permitir_grupo({ grupo: '120363999000009@g.us', nome: 'ABC', por: 'bia' })).toMatchObject({ trusted: true, label: 'ABC', changed: false });
    expect((await review.grupos_permitidos()).allowed).toEqual([expect.objectContaining({ group_jid: '120363999000009@g.us', trusted: true, allowed_by: 'bia' })]);
    expect(await review.negar_grupo({ grupo: '120363999000009@g.us', por: 'ana' })).toMatchObject({ ok: true, removed: true });
    expect(await review.negar_grupo({ grupo: '120363999000009@g.us', por: 'ana' })).toMatchObject({ ok: true, removed: false });
    const events = await db.query<{ props: { allowed: boolean; trusted: boolean; actor: string } }>(
      "select props from business_events where event_type = 'group_access_changed' order by id");
    expect(events.map((e) => [e.props.allowed, e.props.trusted, e.props.actor])).toEqual([[true, false, 'ana'], [true, true, 'bia'], [false, false, 'ana']]);
  });
});
