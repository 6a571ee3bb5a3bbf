import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../../../src/db/index.js';
import type { InboundMessage } from '../../../src/inbound/index.js';
import { silentLogger } from '../../../src/shared/index.js';
import { inboundHandler } from '../../../workers/inbound.js';
import { createBullQueues } from '../../../workers/queue.js';
import { createRedis } from '../../../src/redis/index.js';
import { inboundFrom } from '../../helpers/evolution-fixture.js';
import { recordingQueue } from '../../helpers/recording-queue.js';
import { TEST_REDIS_URL } from '../../helpers/test-redis.js';
import { teardown } from '../../helpers/teardown.js';
import { migratedDataDir } from '../../helpers/test-db.js';

const JULIA = join(import.meta.dirname, '../../../src/julia.mjs');
const PREFIX = `t-doctor-cli-${process.pid}`;

afterAll(() => teardown(PREFIX));

describe('julia doctor and julia export, each command its own process', () => {
  it('shows, exports, erases (asking first) a doctor, and reports stay clean and Excel-friendly', { timeout: 300_000 }, async () => {
    const dataDir = migratedDataDir('doctor-cli');
    // His history, written as the inbound path writes it, plus a memory and a queued turn.
    const db = await createPgliteDb({ dataDir });
    const deliver = (phone: string, text: string, id: string) =>
      inboundHandler({ db, queue: recordingQueue(), logger: silentLogger, turnDebounceMs: 1_000 })({
        ...inboundFrom('text-conversation', { id, text }), phone, lid: null, fromMeAttempt: 0,
      } as InboundMessage & { fromMeAttempt: number }) as Promise<{ doctorId: string; conversationId: string }>;
    const a = await deliver('5511982220001', 'Oi, aqui é o Dr. Rogério "Rô" Antunes; tenho CRM-SP', 'CLI-1');
    await deliver('5511982220001', 'Prefiro noturno, zona leste', 'CLI-2');
    const other = await deliver('5511982220002', 'Sou a Dra. Lúcia', 'CLI-3');
    const vector = `[${Array.from({ length: 1024 }, () => '0.1').join(',')}]`;
    await db.rpc('doctor_memory_save', { p_doctor_id: a.doctorId, p_tipo: 'preferencia', p_informacao: 'Prefere plantão noturno na zona leste', p_model: 'test', p_embedding: vector });
    await db.rpc('doctor_state_set_permission', { p_doctor_id: a.doctorId, p_state: 'opted_out', p_reason: 'pediu', p_actor: 'test' });
    await db.query(`update doctors set name = 'Dr. Rogério "Rô"; Antunes', crm = '123456' where id = $1`, [a.doctorId]);
    await db.close();
    const redis = createRedis(TEST_REDIS_URL, { name: 'doctor-cli-test', blocking: true });
    const queues = createBullQueues(redis, PREFIX);
    await queues.enqueue('turn', { conversationId: a.conversationId }, { jobId: `turn-${a.conversationId}`, delayMs: 3_600_000 });
    await queues.enqueue('turn', { conversationId: other.conversationId }, { jobId: `turn-${other.conversationId}`, delayMs: 3_600_000 });

    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', DATA_DIR: dataDir, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: PREFIX };
    const julia = (...args: string[]) => spawnSync(process.execPath, [JULIA, ...args], { env, encoding: 'utf8', timeout: 90_000, input: '' });

    const shown = julia('doctor', 'show', '(11) 98222-0001');
    expect(shown.stderr).toBe('');
    expect(shown.status).toBe(0);
    expect(shown.stdout).toContain('Rogério');
    expect(shown.stdout).toContain('opted_out');
    expect(shown.stdout).not.toContain('5511982220001'); // masked

    const outFile = join(mkdtempSync(join(tmpdir(), 'julia-export-')), 'medico.json');
    const exported = julia('doctor', 'export', '+55 11 8222-0001', '--out', outFile, '--by', 'dpo@empresa');
    expect(exported.status).toBe(0);
    const doc = JSON.parse(readFileSync(outFile, 'utf8'));
    expect(doc.doctor).toMatchObject({ name: 'Dr. Rogério "Rô"; Antunes', crm: '123456', permission_state: 'opted_out' });
    expect(doc.identities.phone).toBe('5511982220001');
    expect(doc.data.interactions.map((i: { body: string }) => i.body)).toEqual(expect.arrayContaining(['Prefiro noturno, zona leste']));
    expect(doc.data.doctor_memories[0].informacao ?? JSON.stringify(doc.data.doctor_memories[0])).toContain('zona leste');

    // Reports: BOM, ';', quoting of a field holding quotes and ';'.
    const csvFile = join(mkdtempSync(join(tmpdir(), 'julia-export-')), 'medicos.csv');
    const before = julia('export', 'doctors', '--format', 'csv', '--out', csvFile);
    expect(before.status).toBe(0);
    const csv = readFileSync(csvFile, 'utf8');
    expect(csv.startsWith('\uFEFFid;nome;telefone;')).toBe(true);
    expect(csv).toContain('5511982220001');
    expect(csv).toContain('"Dr. Rogério ""Rô""; Antunes"');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(3);

    // Without a terminal and without --yes nothing is erased.
    const refused = julia('doctor', 'erase', '11982220001');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('--yes');
    expect(julia('doctor', 'show', '11982220001').stdout).toContain('Rogério');

    const erased = julia('doctor', 'erase', '11982220001', '--yes', '--by', 'dpo@empresa');
    expect(erased.stderr).toBe('');
    expect(erased.status).toBe(0);
    expect(erased.stdout).toMatch(/apagado: .*interactions=2.*jobs_removidos=1.*opt-out mantido/);
    // His queued turn is gone; the other doctor's stays.
    expect(await queues.queues.turn.getJob(`turn-${a.conversationId}`)).toBeUndefined();
    expect(await queues.queues.turn.getJob(`turn-${other.conversationId}`)).toBeDefined();
    await queues.close();
    redis.disconnect();

    const again = julia('doctor', 'erase', '11982220001', '--yes');
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('já apagado');
    expect(julia('doctor', 'show', '11982220001').stdout).toContain('apagado (LGPD)');
    expect(julia('doctor', 'export', '11982220001').status).toBe(1);

    const after = julia('export', 'doctors');
    expect(after.stdout).not.toContain('5511982220001');
    expect(after.stdout).toContain('5511982220002');
    const shifts = julia('export', 'shifts', '--format', 'csv');
    expect(shifts.status).toBe(0);
    expect(shifts.stdout.startsWith('\uFEFFid;hospital;especialidade;inicio;fim;')).toBe(true);

    const inv = julia('invariants');
    expect(inv.stdout).toContain('all invariants hold');
    expect(inv.status).toBe(0);

    // Audited with who, what and counts, never the number.
    const check = await createPgliteDb({ dataDir });
    const audit = await check.query<{ action: string; actor: string; outcome: string; subject_hash: string; counts: Record<string, number> }>(
      'select action, actor, outcome, subject_hash, counts from doctor_rights_audit order by id');
    await check.close();
    expect(audit.map((x) => `${x.action}:${x.outcome}:${x.actor}`)).toEqual(['export:exported:dpo@empresa', 'erase:erased_opt_out_kept:dpo@empresa', expect.stringMatching(/^erase:already_erased:os:/), expect.stringMatching(/^export:not_found:os:/)]);
    expect(JSON.stringify(audit)).not.toContain('82220001');
    expect(new Set(audit.map((x) => x.subject_hash)).size).toBe(1);
  });
});
