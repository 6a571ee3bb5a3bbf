import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectAutoReply } from './detect-auto-reply.js';

describe('detectAutoReply', () => {
  const autoReplies = [
    'No momento não podemos atender, mas retornaremos assim que possível. *Esta é uma mensagem automática.*',
    'Olá! Obrigado por entrar em contato com o consultório Dr. Paulo Mendes. Como podemos ajudar?',
    'Olá! Agradecemos seu contato. Estamos fora do horário de atendimento (seg a sex, 8h às 18h). Responderemos no próximo dia útil.',
    'Resposta automática: estou de férias até 15/03. Retorno assim que voltar.',
    '[Mensagem automática] Estou em cirurgia e respondo mais tarde.',
    'Seja bem-vindo à Clínica São Lucas! Digite 1 para agendamentos, 2 para resultados de exames.',
    'Isto é uma resposta automática. Dr. Carlos está em plantão.',
    'Sua mensagem foi recebida! Em breve retornaremos o contato. Nosso horário de atendimento é das 8h às 17h.',
  ];
  for (const text of autoReplies) {
    it(`recognizes: ${text.slice(0, 60)}`, () => expect(detectAutoReply(text).autoReply).toBe(true));
  }

  // A doctor writing for himself, even about automatic things: always answered.
  const doctors = [
    'o repasse é automático?',
    'essa mensagem é automática?',
    'Isso é uma mensagem automática? Quero falar com uma pessoa',
    'vcs mandam mensagem automática pra todo mundo né',
    'recebi uma resposta automática de vocês ontem, não entendi',
    'No momento não posso atender, tô no plantão. Te retorno assim que sair',
    'obrigado pelo contato, mas não tenho interesse',
    'a renovação do contrato é automática ou preciso pedir?',
    'estou de férias, me chama semana que vem',
    'Bom dia! Tenho interesse na vaga de sábado',
    '',
  ];
  for (const text of doctors) {
    it(`leaves a doctor's message alone: ${text.slice(0, 60) || '(empty)'}`, () => expect(detectAutoReply(text).autoReply).toBe(false));
  }

  it('says why', () => {
    expect(detectAutoReply('Esta é uma mensagem automática.').reason).toBe('declared');
    expect(detectAutoReply('Obrigado por entrar em contato! Como podemos ajudar?').reason).toBe('business_cues');
  });

  // Every labelled doctor message we keep (thousands, ~150 of them about "automático"): none is a machine.
  it('takes no doctor message of the labelled classification cases for an auto-reply', () => {
    const dir = join(import.meta.dirname, '../../../../tests/fixtures/classification');
    const texts = readdirSync(dir).filter((f) => f.endsWith('.jsonl')).flatMap((f) =>
      readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean).map((l) => String(JSON.parse(l).text ?? '')));
    expect(texts.length).toBeGreaterThan(1_000);
    expect(texts.filter((t) => detectAutoReply(t).autoReply)).toEqual([]);
  });
});
