import { STATIC_PROMPT_FILES } from './prompts.js';
import { describe, expect, it } from 'vitest';
import { toLlmMessages, buildSystem } from './assemble.js';
import { toBubbles } from './bubbles.js';
import { formatBRL } from './format.js';
import { loadPrompts } from './prompts.js';
import { chooseModel } from './routing.js';
import { parseWeekdays } from './tools/buscar-vagas.js';
import { toLlmTool, JULIA_TOOLS } from './tools/index.js';

const models = { fast: 'haiku', smart: 'sonnet' };
const doctor = (text: string) => ({ role: 'doctor' as const, text });

describe('chooseModel', () => {
  it('uses the fast model by default and the smart one for negotiation, objections, irritation, long chats and policy', () => {
    expect(chooseModel({ history: [doctor('oi, tem vaga?')] }, models)).toEqual({ model: 'haiku', reason: 'default' });
    expect(chooseModel({ history: [doctor('consegue aumentar o valor?')] }, models).reason).toBe('negotiation');
    expect(chooseModel({ history: [doctor('tá')], knowledge: { objection: 'distancia' } }, models)).toEqual({ model: 'sonnet', reason: 'objection:distancia' });
    expect(chooseModel({ history: [doctor('que absurdo, ridículo isso')] }, models).reason).toBe('negative_sentiment');
    expect(chooseModel({ history: Array.from({ length: 20 }, () => doctor('ok')) }, models).reason).toBe('long_conversation');
    expect(chooseModel({ history: [doctor('oi')], preferSmart: 'opt_out_risk' }, models).reason).toBe('policy:opt_out_risk');
  });
});

describe('toBubbles', () => {
  it('splits on blank lines and strips markdown WhatsApp would show raw', () => {
    expect(toBubbles('oi!\n\n- **sáb** no Santa Clara\n\n\n# blz?')).toEqual(['oi!', 'sáb no Santa Clara', 'blz?']);
    expect(toBubbles('   \n\n ')).toEqual([]);
  });
});

describe('toLlmMessages', () => {
  it('merges bursts, keeps the last N and moves Júlia openers to the context', () => {
    const { messages, openers } = toLlmMessages(
      [{ role: 'julia', text: 'oi dr, tenho um plantão sábado' }, doctor('oi'), doctor('qual hospital?'), { role: 'julia', text: 'Santa Clara' }, { role: 'julia', text: 'no Tatuapé' }, doctor('quero')],
      30,
    );
    expect(openers).toEqual(['oi dr, tenho um plantão sábado']);
    expect(messages).toEqual([
      { role: 'user', content: 'oi\nqual hospital?' },
      { role: 'assistant', content: 'Santa Clara\n\nno Tatuapé' },
      { role: 'user', content: 'quero' },
    ]);
    expect(toLlmMessages([doctor('a'), doctor('b'), doctor('c')], 2).messages).toEqual([{ role: 'user', content: 'b\nc' }]);
  });
});

describe('buildSystem and tools', () => {
  it('puts the only cache breakpoint on the last static block', () => {
    const system = buildSystem(loadPrompts(), 'contexto');
    expect(system.map((b) => Boolean(b.cache_control))).toEqual([...Array<boolean>(STATIC_PROMPT_FILES.length - 1).fill(false), true, false]);
    expect(system.at(-1)!.text).toBe('contexto');
  });

  it('exposes strict JSON schemas with the spec field names', () => {
    const schemas = Object.fromEntries(JULIA_TOOLS.map((t) => [t.name, toLlmTool(t).input_schema]));
    expect(schemas.reservar_plantao).toMatchObject({ type: 'object', required: ['data_plantao'], additionalProperties: false });
    expect(Object.keys(schemas.buscar_vagas!.properties as object)).toEqual(['especialidade', 'regiao', 'periodo', 'valor_minimo', 'dias_semana', 'limite']);
    expect(schemas.agendar_lembrete).toMatchObject({ required: ['data_hora', 'contexto'] });
    expect(schemas.salvar_memoria).toMatchObject({ required: ['informacao', 'tipo'] });
    expect(schemas.buscar_info_hospital).toMatchObject({ required: ['nome_hospital'] });
  });
});

describe('small helpers', () => {
  it('formats cents as reais and weekday names as numbers', () => {
    expect(formatBRL(150000)).toBe('R$ 1.500,00');
    expect(formatBRL(1234567)).toBe('R$ 12.345,67');
    expect(parseWeekdays(['Sábado', 'dom', 'segunda-feira'])).toEqual([0, 1, 6]);
    expect(parseWeekdays(['fim de semana'])).toEqual([0, 6]);
    expect(() => parseWeekdays(['feriado'])).toThrow(/não reconhecido/);
  });
});
