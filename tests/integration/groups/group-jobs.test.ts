import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/shared/index.js';
import { groupIngestHandler } from '../../../workers/group-ingest.js';
import { groupSweepHandler } from '../../../workers/group-sweep.js';
import { jobDefinition } from '../../../workers/catalog.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { recordingQueue } from '../../helpers/recording-queue.js';
import { allowGroup } from '../../helpers/group-access.js';

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
  await allowGroup(db, '120363001@g.us');
});
afterAll(async () => db?.close());

const message = (id: string) => ({
  instance: 'julia-1', providerMessageId: id, chatJid: '120363001@g.us', phone: '5511987654321', kind: 'text',
  text: 'Plantão CM Santa Clara amanhã 19h-07h R$ 1.500', sentAt: '2026-11-23T11:00:00.000Z', isGroup: true,
});

describe('group jobs', () => {
  it('ingest arms group-process once per message, and the sweeper re-arms what is still pending', async () => {
    const queue = recordingQueue();
    const ingest = groupIngestHandler({ db, queue });
    await ingest(message('m1') as never);
    await ingest(message('m1') as never); // redelivered: stored once, armed once
    expect(queue.jobs.map((j) => j.name)).toEqual(['group-process']);
    expect(() => jobDefinition('group-process').payload.parse(queue.jobs[0]!.payload)).not.toThrow();

    // The job was lost: two minutes later the sweeper arms it again, under a new job id.
    const sweep = groupSweepHandler({ db, queue, logger: silentLogger, now: () => new Date(Date.now() + 3 * 60_000) });
    expect(await sweep()).toEqual({ armed: 1 });
    expect(queue.jobs[1]!.payload).toEqual(queue.jobs[0]!.payload);
    expect(queue.jobs[1]!.opts?.jobId).not.toBe(queue.jobs[0]!.opts?.jobId);
    // Too recent to be considered lost.
    const early = groupSweepHandler({ db, queue, logger: silentLogger, now: () => new Date() });
    expect(await early()).toEqual({ armed: 0 });
  });
});
