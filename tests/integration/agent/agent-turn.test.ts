import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { probeModel, runAgentTurn, STATIC_PROMPT_FILES, type HistoryMessage } from '../../../src/agent/index.js';
import { unconfiguredLlm } from '../../../src/integrations/anthropic/index.js';
import { createHarness, MODELS, query, RETRY_FAST, seededDoctor, type DoctorRow, type Harness } from './harness.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const TOOL_NAMES = ['buscar_vagas', 'reservar_plantao', 'buscar_info_hospital', 'agendar_lembrete', 'salvar_memoria', 'confirmar_plantao', 'propor_valor', 'consultar_gestor', 'registrar_opt_out', 'pedir_humano'];

let h: Harness;
let doctor: DoctorRow;
let conversationId: string;

beforeAll(async () => {
  h = await createHarness();
  ({ doctor, conversationId } = await seededDoctor(h.db));
});
afterAll(() => h.close());
beforeEach(() => h.fake.reset());

const doctorSays = (...texts: string[]): HistoryMessage[] => texts.map((text) => ({ role: 'doctor', text }));
const turn = (history: HistoryMessage[]) => runAgentTurn(h.deps, { doctorId: doctor.id, conversationId, history });

function toolResults(callIndex: number) {
  const call = h.fake.calls()[callIndex]!;
  const last = call.messages.at(-1)!;
  expect(last.role).toBe('user');
  return (last.content as Array<{ type: string; content: string; is_error?: boolean }>).filter((b) => b.type === 'tool_result');
}

describe('runAgentTurn against the Anthropic fake', () => {
  it('answers without tools: static blocks cached, context after them, bubbles split, turn recorded', async () => {
    h.fake.push({ text: 'oi dra Camila, tudo bem?\n\nvi que vc curte noturno, quer que eu veja o que tem?', usage: { cache_creation_input_tokens: 0, cache_read_input_tokens: 0, input_tokens: 2100, output_tokens: 30 } });
    const r = await turn(doctorSays('oi julia'));

    expect(r.handoff).toBeUndefined();
    expect(r.bubbles).toEqual(['oi dra Camila, tudo bem?', 'vi que vc curte noturno, quer que eu veja o que tem?']);
    expect(r.model).toBe(MODELS.fast);
    expect(r.modelReason).toBe('default');

    const [call] = h.fake.calls();
    expect(call!.model).toBe(MODELS.fast);
    const system = call!.system as Array<{ text: string; cache_control?: unknown }>;
    const n = STATIC_PROMPT_FILES.length;
    expect(system).toHaveLength(n + 1);
    expect(system[0]!.text).toContain('Júlia Mendes');
    expect(system[1]!.text).toContain('nunca inventa');
    expect(system[n - 1]!.text).toContain('reservar_plantao');
    // Exactly one breakpoint, on the last static block: tools + static system are the cached prefix.
    expect(system.map((b) => b.cache_control ?? null)).toEqual([...Array<null>(n - 1).fill(null), { type: 'ephemeral' }, null]);
    expect(system[n]!.text).toContain('# Contexto desta conversa');
    expect(system[n]!.text).toContain('Dra. Camila Rocha');
    expect(system[n]!.text).toContain('Clínica Médica');
    expect(system[n]!.text).toMatch(/Agora em São Paulo: \S+ \d{4}-\d{2}-\d{2} \d{2}:\d{2}\.\nPróximos dias: hoje = \S+ \d{4}-\d{2}-\d{2}; amanhã = /);
    expect(call!.tools!.map((t) => t.name)).toEqual(TOOL_NAMES);
    expect(call!.tools!.every((t) => !('cache_control' in t))).toBe(true);
    expect(call!.messages).toEqual([{ role: 'user', content: 'oi julia' }]);
    expect(h.memory.lookups).toEqual([{ doctorId: doctor.id, query: 'oi julia' }]);

    const [row] = await query<Record<string, unknown>>(h.db, 'select * from agent_turns where id = $1', [r.turnId]);
    expect(row).toMatchObject({ model: MODELS.fast, model_reason: 'default', outcome: 'reply', rounds: 1, input_tokens: 2100, output_tokens: 30, cache_read_input_tokens: 0 });
    expect((row!.calls as unknown[]).length).toBe(1);
  });

  it('runs buscar_vagas, then answers; offered shifts get refs in the conversation state and no UUID reaches the model', async () => {
    h.fake.push(
      { toolUse: { name: 'buscar_vagas', input: { limite: 3 } }, text: 'deixa eu ver aqui', usage: { cache_creation_input_tokens: 2500 } },
      { text: 'achei 3 aqui pra vc', usage: { cache_read_input_tokens: 2500 } },
    );
    const r = await turn(doctorSays('tem plantão essa semana?'));

    expect(r.bubbles).toEqual(['deixa eu ver aqui', 'achei 3 aqui pra vc']);
    expect(r.toolCalls.map((t) => [t.name, t.isError])).toEqual([['buscar_vagas', false]]);
    expect(h.fake.calls()).toHaveLength(2);
    const [result] = toolResults(1);
    expect(result!.is_error).toBeUndefined();
    expect(result!.content).not.toMatch(UUID);
    const payload = JSON.parse(result!.content) as { total: number; vagas: Array<{ ref: string; especialidade: string; valor: string }> };
    expect(payload.total).toBe(3);
    expect(payload.vagas.map((v) => v.ref)).toEqual(['v1', 'v2', 'v3']);
    expect(payload.vagas.every((v) => v.especialidade === 'Clínica Médica' && /^R\$ \d/.test(v.valor))).toBe(true);
    // The tool round carried the assistant's tool_use back with the result.
    expect(h.fake.calls()[1]!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);

    const [conv] = await query<{ state: { offered: Array<{ ref: string; shiftId: string }> } }>(h.db, 'select state from conversations where id = $1', [conversationId]);
    expect(conv!.state.offered.map((o) => o.ref)).toEqual(['v1', 'v2', 'v3']);
    expect(conv!.state.offered.every((o) => UUID.test(o.shiftId))).toBe(true);

    expect(r.usage).toMatchObject({ cacheCreationInputTokens: 2500, cacheReadInputTokens: 2500 });
    const [row] = await query<{ cache_creation_input_tokens: number; cache_read_input_tokens: number; rounds: number; tool_calls: unknown }>(
      h.db, 'select * from agent_turns where id = $1', [r.turnId]);
    expect(row).toMatchObject({ cache_creation_input_tokens: 2500, cache_read_input_tokens: 2500, rounds: 2, tool_calls: [{ name: 'buscar_vagas', isError: false }] });
  });

  it('reserves a shift offered two turns earlier, referred to by its date only', async () => {
    const [conv] = await query<{ state: { offered: Array<{ ref: string; shiftId: string; date: string; hospital: string }> } }>(
      h.db, 'select state from conversations where id = $1', [conversationId]);
    const offered = conv!.state.offered;
    const target = offered.find((o) => offered.filter((x) => x.date === o.date).length === 1)!;

    // Turn in between: the doctor asks about a hospital.
    h.fake.push({ toolUse: { name: 'buscar_info_hospital', input: { nome_hospital: 'sao lucas' } } }, { text: 'fica na Av. Cruzeiro do Sul, 3100' });
    const middle = await turn(doctorSays('tem plantão essa semana?', 'onde fica o são lucas?'));
    const [info] = toolResults(1);
    expect(JSON.parse(info!.content)).toMatchObject({ encontrado: true, hospitais: [{ nome: 'Hospital São Lucas de Santana' }] });
    expect(middle.bubbles).toEqual(['fica na Av. Cruzeiro do Sul, 3100']);

    h.fake.reset();
    h.fake.push({ toolUse: { name: 'reservar_plantao', input: { data_plantao: target.date, confirmacao: 'disse quero esse' } } }, { text: 'fechado, reservei pra vc!' });
    const r = await turn(doctorSays('tem plantão essa semana?', 'onde fica o são lucas?', 'quero o do dia ' + target.date.slice(8)));

    // The model was shown the offered list with refs, so "the one on day X" is resolvable.
    const context = (h.fake.calls()[0]!.system as Array<{ text: string }>).at(-1)!.text;
    expect(context).toContain(`${target.ref}: `);
    expect(context).toContain(`(${target.date}), ${target.hospital}`);

    const [res] = toolResults(1);
    expect(res!.is_error).toBeUndefined();
    expect(JSON.parse(res!.content)).toMatchObject({ reservado: true, vaga: { ref: target.ref, data: target.date, hospital: target.hospital } });
    expect(r.bubbles).toEqual(['fechado, reservei pra vc!']);

    const [shift] = await query<{ status: string; reserved_by: string }>(h.db, 'select status, reserved_by from shifts where id = $1', [target.shiftId]);
    expect(shift).toEqual({ status: 'reserved', reserved_by: doctor.id });
    const events = await query<{ doctor_id: string; conversation_id: string; dedupe_key: string }>(
      h.db, "select doctor_id, conversation_id, dedupe_key from business_events where event_type = 'offer_accepted' and shift_id = $1", [target.shiftId]);
    expect(events).toEqual([{ doctor_id: doctor.id, conversation_id: conversationId, dedupe_key: `offer_accepted:${target.shiftId}` }]);
    expect(h.notifications).toHaveLength(1);
    expect(h.notifications[0]).toContain('Dra. Camila Rocha');
    expect(h.notifications[0]).toContain(target.hospital);
    expect(h.notifications[0]).not.toMatch(/5511987650001/);
  });

  it('turns an invalid tool input into an is_error result the model recovers from', async () => {
    const before = await query<{ n: number }>(h.db, "select count(*)::int as n from shifts where status = 'reserved'");
    h.fake.push(
      { toolUse: { name: 'reservar_plantao', input: { data_plantao: 'sábado', vaga_ref: 'aquele' } } },
      { text: 'só confirmando, é o de sábado dia quanto?' },
    );
    const r = await turn(doctorSays('pode reservar o de sábado'));

    const [res] = toolResults(1);
    expect(res!.is_error).toBe(true);
    const body = JSON.parse(res!.content) as { erro: string; detalhes: string[] };
    expect(body.erro).toBe('entrada_invalida');
    expect(body.detalhes.join(' ')).toMatch(/data_plantao: use o formato AAAA-MM-DD/);
    expect(body.detalhes.join(' ')).toMatch(/vaga_ref/);
    expect(r.handoff).toBeUndefined();
    expect(r.bubbles).toEqual(['só confirmando, é o de sábado dia quanto?']);
    expect(r.toolCalls).toMatchObject([{ name: 'reservar_plantao', isError: true }]);
    const after = await query<{ n: number }>(h.db, "select count(*)::int as n from shifts where status = 'reserved'");
    expect(after).toEqual(before);
  });

  it('routes negotiation to the smart model and records why', async () => {
    h.fake.push({ text: 'entendi, vou levar pra equipe' });
    const r = await turn(doctorSays('só faço por 2 mil, dá pra melhorar o valor?'));
    expect(h.fake.calls()[0]!.model).toBe(MODELS.smart);
    expect([r.model, r.modelReason]).toEqual([MODELS.smart, 'negotiation']);
    const [row] = await query<{ model: string; model_reason: string }>(h.db, 'select model, model_reason from agent_turns where id = $1', [r.turnId]);
    expect(row).toEqual({ model: MODELS.smart, model_reason: 'negotiation' });
  });

  it('retries a 529 (overloaded) and answers normally', async () => {
    h.fake.push({ status: 529, headers: RETRY_FAST }, { text: 'oi! tô aqui' });
    const r = await turn(doctorSays('oi?'));
    expect(h.fake.calls()).toHaveLength(2);
    expect(h.fake.remaining()).toBe(0);
    expect(r.handoff).toBeUndefined();
    expect(r.bubbles).toEqual(['oi! tô aqui']);
  });

  it('hands off to a human after persistent failure, without a canned line and without sending anything', async () => {
    h.fake.push({ status: 529, headers: RETRY_FAST }, { status: 529, headers: RETRY_FAST }, { status: 500, headers: RETRY_FAST });
    const r = await turn(doctorSays('alô?'));
    // maxRetries = 2: three attempts, all recorded by the fake.
    expect(h.fake.calls()).toHaveLength(3);
    // Overload and 5xx: waiting can help, so the pipeline waits for the model (issue 9, finding 2).
    expect(r.handoff).toMatchObject({ reason: 'llm_unavailable', retryable: true });
    expect(r.handoff!.draft).toBeUndefined();
    expect(r.bubbles).toEqual([]);
    expect(h.outbound.jobs).toEqual([]);
    const [row] = await query<{ outcome: string; handoff_reason: string; rounds: number; error: string }>(
      h.db, 'select outcome, handoff_reason, rounds, error from agent_turns where id = $1', [r.turnId]);
    expect(row).toMatchObject({ outcome: 'handoff', handoff_reason: 'llm_unavailable', rounds: 0 });
    expect(row!.error).toMatch(/500/);
  });

  it('without an API key says waiting cannot help', async () => {
    const r = await runAgentTurn({ ...h.deps, llm: unconfiguredLlm() }, { doctorId: doctor.id, conversationId, history: doctorSays('oi') });
    expect(r.handoff).toMatchObject({ reason: 'llm_unavailable', retryable: false });
    expect(await probeModel({ llm: unconfiguredLlm(), models: MODELS })).toBe('unconfigured');
  });

  it('probes the model with one cheap call', async () => {
    h.fake.push({ status: 529, headers: RETRY_FAST }, { status: 529, headers: RETRY_FAST }, { status: 529, headers: RETRY_FAST }, { text: 'ok' });
    expect(await probeModel(h.deps)).toBe('unavailable');
    expect(await probeModel(h.deps)).toBe('ok');
    expect(h.fake.calls().at(-1)).toMatchObject({ max_tokens: 1, model: MODELS.fast });
    expect(h.fake.calls().at(-1)!.tools).toBeUndefined();
  });
});
