import { describe, expect, it } from 'vitest';
import { looksLikeOffer } from './heuristic.js';
import { parseMoney, readShifts } from './extraction-schema.js';
import { resolveDate, resolveShiftTimes } from './resolve-date.js';
import { parseTolerantJson } from './tolerant-json.js';

// Monday 23/11/2026, 22:30 in São Paulo (01:30 UTC on the 24th): the SP day, not the UTC one, anchors "amanhã".
const lateMonday = new Date('2026-11-24T01:30:00Z');
const ymd = (d: ReturnType<typeof resolveDate>) => d && `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

describe('dates as written in groups', () => {
  it('resolves relative dates in São Paulo time, relative to the post', () => {
    expect(ymd(resolveDate('amanhã', lateMonday))).toBe('2026-11-24');
    expect(ymd(resolveDate('hoje', lateMonday))).toBe('2026-11-23');
    expect(ymd(resolveDate('hj', lateMonday))).toBe('2026-11-23');
    expect(ymd(resolveDate('depois de amanhã', lateMonday))).toBe('2026-11-25');
    expect(ymd(resolveDate('sábado', lateMonday))).toBe('2026-11-28');
    expect(ymd(resolveDate('segunda', lateMonday))).toBe('2026-11-23');
    expect(ymd(resolveDate('sexta (27)', lateMonday))).toBe('2026-11-27');
    expect(ymd(resolveDate('dia 12', lateMonday))).toBe('2026-12-12'); // before the 23rd: next month
    expect(ymd(resolveDate('dia 30', lateMonday))).toBe('2026-11-30');
    expect(ymd(resolveDate('12/12', lateMonday))).toBe('2026-12-12');
    expect(ymd(resolveDate('15/03', lateMonday))).toBe('2027-03-15'); // months behind: next year
    expect(ymd(resolveDate('20/11', lateMonday))).toBe('2026-11-20'); // a few days behind stays (and is discarded as past)
    expect(ymd(resolveDate('05/01/27', lateMonday))).toBe('2027-01-05');
    expect(resolveDate('a combinar', lateMonday)).toBeNull();
  });

  it('an end at or before the start is the next morning; UTC is stored', () => {
    const night = resolveShiftTimes({ data: '12/12', inicio: '19h', fim: '07h' }, lateMonday);
    expect(night.startsAt?.toISOString()).toBe('2026-12-12T22:00:00.000Z');
    expect(night.endsAt?.toISOString()).toBe('2026-12-13T10:00:00.000Z');
    const full = resolveShiftTimes({ data: '12/12', inicio: '07:00', fim: '07:00' }, lateMonday);
    expect((full.endsAt!.getTime() - full.startsAt!.getTime()) / 3_600_000).toBe(24);
    expect(resolveShiftTimes({ data: '12/12', inicio: null, fim: '19h' }, lateMonday).startsAt).toBeNull();
  });
});

describe('the tolerant JSON reader', () => {
  it('accepts fences, prose around, and trailing commas', () => {
    expect(parseTolerantJson('```json\n{"vagas":[]}\n```')).toEqual({ vagas: [] });
    expect(parseTolerantJson('Segue o JSON: {"vagas":[{"a":1,},],} espero ter ajudado')).toEqual({ vagas: [{ a: 1 }] });
    expect(parseTolerantJson('{"t":"vírgula, } dentro de string",}')).toEqual({ t: 'vírgula, } dentro de string' });
    expect(parseTolerantJson('Não há vagas.')).toBeUndefined();
    expect(parseTolerantJson('{"vagas": [')).toBeUndefined();
  });

  it('validates shifts, tolerates one bad field and caps at 20 per message', () => {
    const r = readShifts({ vagas: [{ hospital: 'X', valor: 'R$ 1.300,00', inicio: 19 }, { hospital: { nested: true }, valor: 'abc' }, 'lixo'] });
    expect(r.ok && r.shifts[0]).toMatchObject({ hospital: 'X', valor: 1300, inicio: '19' });
    expect(r.ok && r.shifts[1]).toMatchObject({ hospital: null, valor: null });
    const many = readShifts({ vagas: Array.from({ length: 30 }, () => ({ hospital: 'X' })) });
    expect(many.ok && [many.shifts.length, many.dropped]).toEqual([20, 10]);
    expect(readShifts({ outra: 1 }).ok).toBe(false);
    expect([parseMoney('1.500'), parseMoney('1500'), parseMoney(1500), parseMoney('a combinar')]).toEqual([1500, 1500, 1500, null]);
  });
});

describe('the chatter filter', () => {
  it('lets offers through and stops chatter before the model', () => {
    expect(looksLikeOffer('text', 'Plantão cm sbc vida hj 19-7 1400 urgente!!!').offer).toBe(true);
    expect(looksLikeOffer('text', 'Ortopedia - Hospital X 05/12 das 7h às 19h').offer).toBe(true);
    expect(looksLikeOffer('text', 'Obrigado a todos que ajudaram ontem no plantão! 🙏').offer).toBe(false);
    expect(looksLikeOffer('text', 'Bom dia pessoal!! ☀️').offer).toBe(false);
    expect(looksLikeOffer('sticker', null)).toEqual({ offer: false, reason: 'nao_texto' });
  });
});
