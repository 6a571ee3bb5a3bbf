import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type SqlDb } from '../../src/db/index.js';
import { spParts } from '../../src/shared/index.js';
import type { AnthropicCall, AnthropicStep } from '../fakes/index.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { inboundDone, juliaBeside, startServed, type Served } from './served.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** The best-ranked doctor lives in the hospital's region; six others elsewhere (a wave of five leaves two waiting). */
const BEST = '5511983200001';
const OTHERS = [2, 3, 4, 5, 6, 7].map((i) => `551198320000${i}`);
const SPECIALTY = 'Medicina Intensiva';

/**
 * Fill plans through `julia serve` as an operator runs it (embedded PGlite, the
 * loopback fakes): from another shell the company imports its hospital, an urgent
 * shift and its doctors; Júlia's wave job offers the shift to the best-ranked
 * doctor, he answers "quero" on WhatsApp and gets it, and nobody else is offered
 * it, even when a later wave is forced due.
 */
describe('fill plans in a started service: an imported urgent shift is filled by the best-ranked doctor', () => {
  let s: Served;
  let dir: string;
  let shiftDay = '';

  function model(body: AnthropicCall): AnthropicStep {
    const last = body.messages.at(-1)!;
    if (Array.isArray(last.content) && last.content.some((b) => b.type === 'tool_result')) return { text: 'Prontinho, ficou reservado pra você!' };
    if (/quero/i.test(JSON.stringify(last.content))) {
      return { toolUse: { name: 'reservar_plantao', input: { data_plantao: shiftDay, vaga_ref: 'v1', confirmacao: 'quero' } } };
    }
    return { text: 'Oi!' };
  }

  const julia = (...args: string[]) => juliaBeside(s, ...args);
  const imported = async (kind: string, file: string) => {
    const r = await julia('import', kind, file);
    expect(r.stderr, r.stdout).toBe('');
    expect(r.status).toBe(0);
    return r.stdout;
  };
  /** Runs Júlia's wave job now (its schedule is every minute) and waits until that run is done. */
  async function runWaves(tag: string): Promise<void> {
    const jobId = `fill-waves-by-hand-${tag}-${Date.now()}`;
    await s.queues.queues.scheduled.add('fill-waves', {}, { jobId });
    await waitFor(async () => (await (await s.queues.queues.scheduled.getJob(jobId))?.getState()) === 'completed', { what: `wave run ${tag}`, timeoutMs: 60_000 });
  }
  const offersTo = (phone: string) => s.evolution.sentTexts().filter((t) => t.number === phone && t.text.toLowerCase().includes(SPECIALTY.toLowerCase()));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fill-started-'));
    s = await startServed({ anthropic: model });
    // Every hour is a business hour here, so the wave does not depend on when the suite runs.
    await s.start({ BUSINESS_HOURS: '00-24', BUSINESS_DAYS: '1-7' });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('imports from another shell, offers the best-ranked doctor, reserves on "quero" and offers nobody else', async () => {
    // Three days out, 19:00 to 07:00 São Paulo: a wave of five every six hours.
    const day = spParts(new Date(Date.now() + 3 * 86_400_000));
    shiftDay = `${day.year}-${pad(day.month)}-${pad(day.day)}`;
    const file = (name: string, text: string) => {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    };
    expect(await imported('hospitals', file('hospitais.csv', 'nome;endereco;bairro;cidade;regiao\nHospital Vale Azul;Rua das Acácias, 100;Tatuapé;São Paulo;Zona Leste\n'))).toMatch(/novos: 1/);
    expect(await imported('shifts', file('vagas.csv', `hospital;especialidade;inicio;fim;valor\nHospital Vale Azul;${SPECIALTY};${pad(day.day)}/${pad(day.month)}/${day.year} 19:00;07:00;2100\n`))).toMatch(/novos: 1/);
    expect(
      await imported('doctors', file('medicos.csv', [
        'nome;celular;especialidade;cidade;regiao;cadastro',
        `Dra. Helena Prado;(11) 98320-0001;${SPECIALTY};São Paulo;Zona Leste;aprovado`,
        ...OTHERS.map((p, i) => `Dr. Outro ${i + 2};(11) ${p.slice(4, 9)}-${p.slice(9)};${SPECIALTY};Campinas;Centro;aprovado`),
      ].join('\n'))),
    ).toMatch(/novos: 7/);

    // The operator sees the shift waiting, from another shell, while the service runs.
    const status = JSON.parse((await julia('fill', 'status', '--json')).stdout) as { enabled: boolean; shifts: Array<{ hospital: string; specialty: string }> };
    expect(status.enabled).toBe(true);
    expect(status.shifts.map((r) => [r.hospital, r.specialty])).toContainEqual(['Hospital Vale Azul', SPECIALTY]);

    // Júlia's wave job (its per-minute schedule, run now): a wave of five, the best-ranked among them.
    await runWaves('first');
    const offered = () => [BEST, ...OTHERS].filter((p) => offersTo(p).length > 0);
    await waitFor(() => offered().length === 5, { what: 'the first wave sent', timeoutMs: 60_000 });
    expect(offered()).toContain(BEST);
    expect(offersTo(BEST)).toHaveLength(1);
    expect(offersTo(BEST)[0]!.text).toContain('Hospital Vale Azul');
    const waiting = OTHERS.filter((p) => offersTo(p).length === 0);
    expect(waiting).toHaveLength(2);

    expect((await s.post(evolutionPayload('text-conversation', { id: 'FILL-STARTED-QUERO', text: 'quero!', remoteJid: `${BEST}@s.whatsapp.net` }))).status).toBe(200);
    await inboundDone(s, 'FILL-STARTED-QUERO');
    await waitFor(() => s.evolution.sentTexts().some((t) => t.number === BEST && t.text.startsWith('Prontinho')), { what: 'the reservation confirmed', timeoutMs: 60_000 });

    // A later run offers the filled shift to nobody: not again to the wave, not to the two still waiting.
    const before = s.evolution.sentTexts().length;
    await runWaves('after');
    expect(s.evolution.sentTexts().slice(before).filter((t) => t.text.toLowerCase().includes(SPECIALTY.toLowerCase()))).toEqual([]);
    expect(offered()).toHaveLength(5);
    expect(waiting.flatMap(offersTo)).toEqual([]);

    // Once the service stops, the database agrees: reserved by him, the plan filled, the other offers withdrawn.
    expect(await s.stop()).toBe(0);
    const db = (await openDb({ kind: 'pglite', dataDir: s.dataDir })) as SqlDb;
    try {
      const [shift] = await db.query<{ status: string; phone: string; plan: string }>(
        `select s.status, d.phone, p.status as plan from shifts s left join doctors d on d.id = s.reserved_by left join fill_plans p on p.shift_id = s.id
         join hospitals h on h.id = s.hospital_id where h.name = 'Hospital Vale Azul'`,
      );
      expect(shift).toEqual({ status: 'reserved', phone: BEST, plan: 'filled' });
      const offers = await db.query<{ phone: string; status: string }>(
        `select d.phone, o.status from fill_offers o join doctors d on d.id = o.doctor_id order by o.score desc`,
      );
      expect(offers[0]).toEqual({ phone: BEST, status: 'accepted' });
      expect(offers.slice(1).map((o) => o.status)).toEqual(['withdrawn', 'withdrawn', 'withdrawn', 'withdrawn']);
      expect(offers.map((o) => o.phone).sort()).toEqual(offered().sort());
    } finally {
      await db.close();
    }
  }, 240_000);
});
