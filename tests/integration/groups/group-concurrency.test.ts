import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroupProcessor, loadGroupPrompt } from '../../../src/groups/index.js';
import { fixedClock, silentLogger } from '../../../src/shared/index.js';
import { startAnthropicFake, type AnthropicFake } from '../../fakes/anthropic-fake.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { makeProcessor, posts, savePost, scriptedModel, trustFixtureGroups } from './group-harness.js';

let db: TestDb;
let anthropic: AnthropicFake;
const post = (id: string) => posts.find((p) => p.id === id)!;

beforeAll(async () => {
  db = await createTestDb({ seed: true });
  await trustFixtureGroups(db);
  // The model answers slowly, so both workers are between "read" and "finish" at the same time.
  anthropic = await startAnthropicFake({ handler: scriptedModel(300) });
});
afterAll(async () => {
  await anthropic?.close();
  await db?.close();
});

const count = async (sql: string, params: unknown[] = []) => (await db.query<{ n: number }>(sql, params))[0]!.n;

describe('reposts processed at the same moment', () => {
  it('two workers with the same schedule posted in two groups make one shift per slot, with two sources', async () => {
    const a = makeProcessor(db, anthropic, fixedClock('2026-11-23T19:45:00Z'));
    const b = makeProcessor(db, anthropic, fixedClock('2026-11-23T19:45:00Z'));
    const first = await savePost(db, post('p31'));
    const repost = await savePost(db, post('p32'));
    const [ra, rb] = await Promise.all([a.processor.process(first), b.processor.process(repost)]);
    expect([ra.status, rb.status]).toEqual(['parsed', 'parsed']);
    expect(await count("select count(*)::int n from group_shifts where hospital_id = (select id from hospitals where slug = 'vila-mariana-saude')")).toBe(4);
    expect(await count('select count(*)::int n from group_shift_sources where group_message_id = any($1::uuid[])', [[first, repost]])).toBe(8);
    expect(await count("select count(*)::int n from shifts where external_ref like 'group:%'")).toBe(4);
    expect(await count("select count(*)::int n from business_events where event_type = 'group_shift_imported'")).toBe(4);
    expect(await count("select count(*)::int n from business_events where event_type = 'group_shift_merged'")).toBe(4);
  });

  it('the same message handled by two workers at once is finished once', async () => {
    const a = makeProcessor(db, anthropic, fixedClock('2026-11-23T12:00:00Z'));
    const b = makeProcessor(db, anthropic, fixedClock('2026-11-23T12:00:00Z'));
    const id = await savePost(db, post('p03'));
    const results = await Promise.all([a.processor.process(id), b.processor.process(id)]);
    expect(results.map((r) => r.status).sort()).toEqual(['already', 'parsed']);
    expect(await count('select count(*)::int n from group_shift_sources where group_message_id = $1', [id])).toBe(3);
    expect(await count("select count(*)::int n from business_events where dedupe_key = 'group_message:' || $1", [id])).toBe(1);
  });

  it('without a model key, likely offers stay pending (logged once) and chatter is still discarded', async () => {
    const warnings: string[] = [];
    const logger = Object.assign(Object.create(silentLogger), { warn: (msg: string) => warnings.push(msg) });
    const processor = createGroupProcessor({ db, clock: fixedClock('2026-11-23T14:00:00Z'), logger, model: 'x', prompt: loadGroupPrompt() });
    const offer = await savePost(db, post('p13'));
    const offer2 = await savePost(db, post('p14'));
    const chatter = await savePost(db, post('p20'));
    expect((await processor.process(offer)).status).toBe('waiting_for_model');
    expect((await processor.process(offer2)).status).toBe('waiting_for_model');
    expect((await processor.process(chatter)).status).toBe('discarded');
    expect(warnings).toHaveLength(1);
    expect(await count("select count(*)::int n from group_messages where id = any($1::uuid[]) and status = 'pending'", [[offer, offer2]])).toBe(2);
  });
});
