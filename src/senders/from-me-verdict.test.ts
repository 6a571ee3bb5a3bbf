import { describe, expect, it } from 'vitest';
import { fromMeVerdict, stampInstanceNumber } from './from-me-verdict.js';

const msg = (over: Partial<Parameters<typeof fromMeVerdict>[0]> = {}) => ({
  kind: 'text', text: 'Oi Dra., aqui é a Carla', phone: '5511987654321', chatJid: '5511987654321@s.whatsapp.net', extra: {}, ...over,
});
const REJECT = 'Não atendemos ligações por este número. Por favor, envie uma mensagem de texto.';

describe('fromMeVerdict', () => {
  it('a person typing into a doctor\'s chat takes over', () => {
    expect(fromMeVerdict(msg(), [REJECT])).toEqual({ takeOver: true });
  });
  it('an event keyed with our own number never does', () => {
    const own = msg({ phone: '5511912345678', chatJid: '5511912345678@s.whatsapp.net', extra: { instanceNumber: '5511912345678' } });
    expect(fromMeVerdict(own, [])).toEqual({ takeOver: false, reason: 'own_number' });
  });
  it('edits, revokes, reactions and protocol events never do', () => {
    for (const kind of ['edit', 'delete', 'reaction', 'unsupported']) expect(fromMeVerdict(msg({ kind }), []).takeOver).toBe(false);
  });
  it('the reject-call text never does, whatever its spacing or case', () => {
    expect(fromMeVerdict(msg({ text: `  ${REJECT.toUpperCase()}\n` }), [REJECT])).toEqual({ takeOver: false, reason: 'automatic_text' });
    // Unconfigured, a text that refuses calls is still Evolution's; one that does not say so needs the setting.
    expect(fromMeVerdict(msg({ text: REJECT }), [])).toEqual({ takeOver: false, reason: 'automatic_text' });
    const custom = 'Olá! Em instantes alguém da equipe fala com você.';
    expect(fromMeVerdict(msg({ text: custom }), []).takeOver).toBe(true);
    expect(fromMeVerdict(msg({ text: custom }), [custom]).takeOver).toBe(false);
  });
  it('keeps the instance number from the envelope, on fromMe messages only', () => {
    const m = { fromMe: true, extra: {} as Record<string, unknown> };
    stampInstanceNumber(m, { sender: '5511912345678@s.whatsapp.net' });
    expect(m.extra['instanceNumber']).toBe('5511912345678');
    const doctor = { fromMe: false, extra: {} as Record<string, unknown> };
    stampInstanceNumber(doctor, { sender: '5511912345678@s.whatsapp.net' });
    expect(doctor.extra).toEqual({});
    const bad = { fromMe: true, extra: {} as Record<string, unknown> };
    stampInstanceNumber(bad, { sender: 42 });
    expect(bad.extra).toEqual({});
  });
});
