import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JULIA_TOOLS, runToolCall, type AgentDeps } from '../../../src/agent/index.js';
import { createPostgresDb } from '../../../src/db/index.js';
import { onPostgres } from '../../helpers/test-db.js';
import { createHarness, query, type Harness } from '../agent/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
// Each test starts with no directive in force.
beforeEach(async () => {
  await h.db.pg.query(`update manager_directives set revoked_at = now(), revoked_by = 'test' where revoked_at is null`);
});

interface Shift { id: string; date: string; value_cents: number; specialty: string }
const DAY = 86_400_000;

let nth = 0;
/** A fresh open shift of that hospital and period (own rows: the seed has few of each). */
async function openShift(hospitalSlug: string, period: 'diurno' | 'noturno', _skip = 0): Promise<Shift> {
  nth += 1;
  const rows = await query<Shift>(h.db,
    `with ins as (
       insert into shifts (external_ref, hospital_id, specialty_id, starts_at, ends_at, period, duration_hours, value_cents)
       select 'margin-test-' || $3::text, ho.id, (select id from specialties where slug = 'clinica-medica'),
              now() + make_interval(days => 2 + $3::int), now() + make_interval(days => 2 + $3::int, hours => 12), $2, 12, 150000
         from hospitals ho where ho.slug = $1
       returning *)
     select ins.id, to_char(ins.starts_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') date, ins.value_cents, 'Clínica Médica' specialty from ins`,
    [hospitalSlug, period, nth]);
  if (!rows[0]) throw new Error(`no hospital ${hospitalSlug}`);
  return rows[0];
}

/** A new doctor and conversation in which `shifts` were offered (refs v1, v2, ... as buscar_vagas gives them). */
async function conversationWith(phone: string, shifts: Shift[]) {
  const d = await h.db.rpc<{ id: string }>('doctor_upsert', { p_phone: phone, p_name: 'Dra. Margem' });
  const c = await h.db.rpc<{ id: string }>('agent_conversation_open', { p_doctor_id: d.id });
  const refs = await h.db.rpc<Record<string, string>>('agent_remember_offered', { p_conversation_id: c.id, p_shift_ids: shifts.map((s) => s.id), p_now: new Date() });
  return { doctorId: d.id, conversationId: c.id, refs };
}

async function directive(item: Record<string, unknown>): Promise<string> {
  const [d] = await h.db.rpc<Array<{ id: string }>>('directive_add', { p_items: [item], p_valid_until: new Date(Date.now() + 7 * DAY), p_source: 'test', p_created_by: 'slack:UTEST', p_now: new Date(Date.now() - 60_000) });
  return d!.id;
}

const call = (deps: AgentDeps, name: string, input: Record<string, unknown>, where: { doctorId: string; conversationId: string }) => runToolCall(JULIA_TOOLS, name, input, { ...where, deps });

describe('scoped directives', () => {
  it('a turn is shown the global directives, its own hospital\'s and its doctor\'s, never another hospital\'s or doctor\'s', async () => {
    const clara = await openShift('santa-clara-tatuape', 'noturno');
    const me = await conversationWith('5511976540101', [clara]);
    const other = await conversationWith('5511976540102', []);
    await directive({ kind: 'prioridade', text: 'Foco em plantões desta semana.' });
    await directive({ kind: 'hospital', text: 'Santa Clara: pode oferecer até R$ 1.800 no noturno', hospital: 'Hospital Santa Clara', period: 'noturno', maxValueCents: 180_000 });
    await directive({ kind: 'hospital', text: 'Vila Mariana: não insistir.', hospital: 'Hospital Vila Mariana Saúde' });
    await directive({ kind: 'outro', text: 'Com ela, pode chamar de Dra.', scope: 'doctor', doctorId: me.doctorId });
    await directive({ kind: 'outro', text: 'Não oferecer noturno para ele.', scope: 'doctor', doctorId: other.doctorId });

    const steering = await h.db.rpc<{ directives: string[] }>('agent_steering', { p_conversation_id: me.conversationId, p_now: new Date() });
    const text = steering.directives.join('\n');
    expect(text).toContain('prioridade: Foco em plantões desta semana.');
    expect(text).toContain('hospital (Hospital Santa Clara, plantões noturnos): Santa Clara: pode oferecer até R$ 1.800 no noturno [margem: máximo R$ 1.800,00]');
    expect(text).toContain('Com ela, pode chamar de Dra.');
    expect(text).not.toContain('Vila Mariana');
    expect(text).not.toContain('Não oferecer noturno para ele.');
    // The policy step reads the same lines (shown once after the union in the agent).
    const policy = await h.db.rpc<{ directives: string[] }>('policy_context_for', { p_doctor_id: me.doctorId, p_conversation_id: me.conversationId, p_now: new Date() });
    expect(policy.directives).toEqual(steering.directives);
    // The other doctor, with no shift in play: only the global one and his own.
    const theirs = (await h.db.rpc<{ directives: string[] }>('agent_steering', { p_conversation_id: other.conversationId, p_now: new Date() })).directives.join('\n');
    expect(theirs).toContain('Não oferecer noturno para ele.');
    expect(theirs).not.toMatch(/Santa Clara|Com ela/);
  });

  it('the tools refuse any value above the margin: propor_valor and reservar_plantao, and a revoked margin no longer counts', async () => {
    const clara = await openShift('santa-clara-tatuape', 'noturno', 1);
    const day = await openShift('santa-clara-tatuape', 'diurno');
    const where = await conversationWith('5511976540103', [clara, day]);
    const ref = where.refs[clara.id]!;
    const dayRef = where.refs[day.id]!;
    const id = await directive({ kind: 'hospital', text: 'Santa Clara: pode oferecer até R$ 1.800 no noturno', hospital: 'Hospital Santa Clara', period: 'noturno', maxValueCents: clara.value_cents + 20_000 });
    const ceiling = (clara.value_cents + 20_000) / 100;

    const above = await call(h.deps, 'propor_valor', { vaga_ref: ref, valor: ceiling + 100 }, where);
    expect(above.isError).toBe(true);
    expect(above.result).toMatchObject({ erro: 'acima_da_margem', mensagem: expect.stringMatching(/Não prometa esse valor/) });
    const within = await call(h.deps, 'propor_valor', { vaga_ref: ref, valor: ceiling }, where);
    expect(within).toMatchObject({ isError: false, result: { autorizado: true } });
    // The margin is the night shifts': the day shift has no margin above its own value.
    const dayAbove = await call(h.deps, 'propor_valor', { vaga_ref: dayRef, valor: day.value_cents / 100 + 50 }, where);
    expect(dayAbove.result).toMatchObject({ erro: 'acima_da_margem' });

    const refused = await call(h.deps, 'reservar_plantao', { data_plantao: clara.date, vaga_ref: ref, valor: ceiling + 100 }, where);
    expect(refused.result).toMatchObject({ erro: 'acima_da_margem' });
    expect(await query(h.db, 'select status from shifts where id = $1', [clara.id])).toEqual([{ status: 'open' }]);

    // Revoked: the same value is now above the shift's own value, so it is refused.
    await h.db.rpc('directive_revoke', { p_id: id, p_by: 'slack:UTEST', p_now: new Date() });
    const afterRevoke = await call(h.deps, 'reservar_plantao', { data_plantao: clara.date, vaga_ref: ref, valor: ceiling }, where);
    expect(afterRevoke.result).toMatchObject({ erro: 'acima_da_margem' });

    await directive({ kind: 'hospital', text: 'Santa Clara noturno até +200', hospital: 'Hospital Santa Clara', period: 'noturno', maxValueCents: clara.value_cents + 20_000 });
    const ok = await call(h.deps, 'reservar_plantao', { data_plantao: clara.date, vaga_ref: ref, valor: ceiling }, where);
    expect(ok.result).toMatchObject({ reservado: true, vaga: { valor_combinado: expect.stringContaining('R$') } });
    expect(await query(h.db, 'select value_cents from shift_agreed_values where shift_id = $1', [clara.id])).toEqual([{ value_cents: clara.value_cents + 20_000 }]);
  });

  it('buscar_vagas shows each shift its ceiling and its directives', async () => {
    const clara = await openShift('santa-clara-tatuape', 'noturno', 2);
    const where = await conversationWith('5511976540104', []);
    await directive({ kind: 'hospital', text: 'Teto Santa Clara noturno', hospital: 'Hospital Santa Clara', period: 'noturno', maxValueCents: 250_000 });
    const r = await call(h.deps, 'buscar_vagas', { especialidade: clara.specialty, regiao: 'Tatuapé', periodo: 'noturno', limite: 10 }, where);
    const vagas = (r.result as { vagas: Array<{ hospital: string; valor_maximo_autorizado?: string; diretrizes?: string[] }> }).vagas;
    const mine = vagas.filter((v) => v.hospital === 'Hospital Santa Clara');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((v) => v.valor_maximo_autorizado === 'R$ 2.500,00' && v.diretrizes!.some((d) => d.includes('Teto Santa Clara noturno')))).toBe(true);
  });

  it('criar_diretriz run again with the same confirmed action (a redrive, or two at once) makes one directive', async () => {
    const item = { kind: 'hospital', text: 'Teto por ação', scope: 'hospital', hospitalId: (await query<{ id: string }>(h.db, `select id from hospitals where slug = 'santa-clara-tatuape'`))[0]!.id, maxValueCents: 190_000 };
    const args = { p_item: item, p_valid_until: new Date(Date.now() + DAY), p_created_by: 'slack:UTEST', p_action_key: 'action-0270-1', p_now: new Date() };
    const runs = await Promise.all([h.db.rpc<{ id: string }>('directive_create', args), h.db.rpc<{ id: string }>('directive_create', args)]);
    const again = await h.db.rpc<{ id: string; scopeLabel: string }>('directive_create', args);
    expect(new Set([...runs.map((r) => r.id), again.id]).size).toBe(1);
    expect(again.scopeLabel).toBe('Hospital Santa Clara');
    expect(await query(h.db, `select 1 from manager_directives where action_key = 'action-0270-1'`)).toHaveLength(1);
  });

  it(`${onPostgres ? 'PostgreSQL' : 'PGlite'}: a revoke racing a reservation that relies on the margin: either the reservation commits first, or it is refused`, async () => {
    for (let i = 0; i < 3; i++) {
      const clara = await openShift('santa-clara-tatuape', 'noturno', 3 + i);
      const where = await conversationWith(`551197654020${i}`, [clara]);
      const id = await directive({ kind: 'hospital', text: `corrida ${i}`, hospital: 'Hospital Santa Clara', period: 'noturno', maxValueCents: clara.value_cents + 10_000 });
      const [res] = await Promise.all([
        call(h.deps, 'reservar_plantao', { data_plantao: clara.date, vaga_ref: where.refs[clara.id]!, valor: (clara.value_cents + 10_000) / 100 }, where),
        h.db.rpc('directive_revoke', { p_id: id, p_by: 'slack:UTEST', p_now: new Date() }),
      ]);
      const [row] = await query<{ revoked_at: Date; status: string; reserved_at: Date | null }>(h.db,
        `select d.revoked_at, s.status, s.reserved_at from manager_directives d, shifts s where d.id = $1 and s.id = $2`, [id, clara.id]);
      if ((res.result as { reservado?: boolean }).reservado) {
        // Reserved at the margin: it committed while the directive stood.
        expect(await query(h.db, 'select value_cents from shift_agreed_values where shift_id = $1', [clara.id])).toEqual([{ value_cents: clara.value_cents + 10_000 }]);
      } else {
        expect(res.result).toMatchObject({ erro: 'acima_da_margem' });
        expect(row!.status).toBe('open');
      }
      expect(row!.revoked_at).not.toBeNull();
    }
  });
});

describe.runIf(onPostgres)('PostgreSQL: a revoke and a reservation that relies on the margin, interleaved', () => {
  it('a revoke waits for the uncommitted reservation at the margin; a reservation waits for the uncommitted revoke and is then refused', async () => {
    const own = createPostgresDb({ url: h.db.url!, max: 1 });
    try {
      // 1. The reservation holds the directive: the revoke waits until it commits.
      const a = await openShift('santa-clara-tatuape', 'noturno');
      const wa = await conversationWith('5511976540301', [a]);
      const da = await directive({ kind: 'hospital', text: 'espera A', hospital: 'Hospital Santa Clara', period: 'noturno', maxValueCents: a.value_cents + 10_000 });
      let revoke: Promise<unknown> | undefined;
      let revoked = false;
      await own.withMigrationLock(async (tx) => {
        const [r] = await tx.query<{ r: { ok: boolean } }>(`select agent_reserve_shift_at($1, $2, $3, $4, now()) r`, [wa.doctorId, wa.conversationId, a.id, a.value_cents + 10_000]);
        expect(r!.r.ok).toBe(true);
        revoke = h.db.rpc('directive_revoke', { p_id: da, p_by: 'slack:UTEST', p_now: new Date() });
        void revoke.then(() => (revoked = true));
        await new Promise((res) => setTimeout(res, 500));
        expect(revoked).toBe(false);
      });
      await revoke;
      expect(await query(h.db, 'select value_cents from shift_agreed_values where shift_id = $1', [a.id])).toEqual([{ value_cents: a.value_cents + 10_000 }]);

      // 2. The revoke is in flight: the reservation at the margin waits, then finds no margin.
      const b = await openShift('santa-clara-tatuape', 'noturno');
      const wb = await conversationWith('5511976540302', [b]);
      const db_ = await directive({ kind: 'hospital', text: 'espera B', hospital: 'Hospital Santa Clara', period: 'noturno', maxValueCents: b.value_cents + 10_000 });
      let reserve: Promise<{ result: unknown }> | undefined;
      await own.withMigrationLock(async (tx) => {
        await tx.query(`select directive_revoke($1, 'slack:UTEST', now())`, [db_]);
        reserve = call(h.deps, 'reservar_plantao', { data_plantao: b.date, vaga_ref: wb.refs[b.id]!, valor: (b.value_cents + 10_000) / 100 }, wb);
        await new Promise((res) => setTimeout(res, 500));
      });
      expect((await reserve!).result).toMatchObject({ erro: 'acima_da_margem' });
      expect(await query(h.db, 'select status from shifts where id = $1', [b.id])).toEqual([{ status: 'open' }]);
    } finally {
      await own.close();
    }
  });
});
