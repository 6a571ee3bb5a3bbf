import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPgliteDb } from '../../../src/db/index.js';
import { migratedDataDir } from '../../helpers/test-db.js';
import { allowGroup } from '../../helpers/group-access.js';

const JULIA = join(import.meta.dirname, '../../../src/julia.mjs');

/** A review-worthy shift (R$ 12.000) and an importable one, as the pipeline would leave them. */
async function prepare(dataDir: string): Promise<void> {
  const db = await createPgliteDb({ dataDir });
  await db.exec(readFileSync(join(import.meta.dirname, '../../../supabase/seed.sql'), 'utf8'));
  // The company's own group, trusted: its complete shift imports without review.
  await allowGroup(db, '1203@g.us', { trusted: true });
  const saved = await db.rpc<{ id: string }>('group_message_save', {
    p_message: { instance: 'j1', providerMessageId: 'g1', chatJid: '1203@g.us', phone: '5511944443333', kind: 'text',
      text: 'Esperança Osasco UTI 19h-07h R$ 12.000 / Santa Clara CM 07-19 R$ 1.500', sentAt: new Date().toISOString() },
  });
  const day = new Date(Date.now() + 5 * 86_400_000);
  const at = (h: number, add = 0) => new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + add, h)).toISOString();
  await db.rpc('group_message_finish', {
    p_message_id: saved.id, p_outcome: 'parsed', p_reason: null, p_now: new Date(),
    p_shifts: [
      { hospital: 'Esperança Osasco', specialty: 'UTI', startsAt: at(22), endsAt: at(10, 1), valueCents: 1_200_000, contact: null },
      { hospital: 'Santa Clara', specialty: 'CM', startsAt: at(10), endsAt: at(22), valueCents: 150_000, contact: null },
    ],
  });
  await db.close();
}

describe('julia groups', () => {
  it('lists shifts waiting for review, approves one and reports stats, each command its own process', { timeout: 300_000 }, async () => {
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', DATA_DIR: migratedDataDir('groups') };
    await prepare(env.DATA_DIR);
    const julia = (...args: string[]) => spawnSync(process.execPath, [JULIA, 'groups', ...args], { env, encoding: 'utf8', timeout: 90_000 });

    const listed = julia('review');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/valor_fora_da_faixa .*Hospital Esperança de Osasco · Medicina Intensiva · R\$ 12\.000,00/);
    const id = /^([0-9a-f-]{36})/.exec(listed.stdout)?.[1];
    expect(id).toBeDefined();

    const approved = julia('approve', id!, '--by', 'ana');
    expect(approved.stdout).toMatch(/^aprovada: vaga aberta [0-9a-f-]{36}/);

    const stats = JSON.parse(julia('stats').stdout);
    expect(stats.estatisticas.shifts).toEqual({ imported: 2 });
    // Nothing is left for review once the one waiting shift is approved.
    expect(stats.fila).toMatchObject({ pending_messages: 0, awaiting_review: 0 });
    expect(julia('approve').status).toBe(2);
  });

  it('allow, list and deny a group, each command its own process', { timeout: 300_000 }, async () => {
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', DATA_DIR: migratedDataDir('groups-access') };
    const julia = (...args: string[]) => spawnSync(process.execPath, [JULIA, 'groups', ...args], { env, encoding: 'utf8', timeout: 90_000 });

    expect(julia('list').stdout).toMatch(/nenhum grupo permitido/);
    const allowed = julia('allow', '120363025246125486', '--trusted', '--name', 'Escala ABC', '--by', 'ana');
    expect(allowed.status).toBe(0);
    expect(allowed.stdout).toMatch(/^120363025246125486@g\.us: confiável/);
    expect(julia('list').stdout).toMatch(/^120363025246125486@g\.us\s+confiável\s+Escala ABC\s+\(0 mensagens; por ana\)/m);
    expect(julia('deny', '120363025246125486@g.us').stdout).toMatch(/negado/);
    expect(julia('list').stdout).toMatch(/nenhum grupo permitido/);
    const bad = julia('allow', '5511987654321@s.whatsapp.net');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/JID do grupo/);
  });
});
