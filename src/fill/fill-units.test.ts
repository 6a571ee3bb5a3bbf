import { describe, expect, it } from 'vitest';
import { fillOfferText } from './offer-text.js';
import { isFillRefusal } from './refusal.js';
import { waveFor, waveParams } from './waves.js';

const NOW = new Date('2026-03-09T13:00:00Z');
const inHours = (h: number) => new Date(NOW.getTime() + h * 3_600_000);

describe('waves by time left', () => {
  it('more than 7 days: 3 every 24 h; 2 to 7 days: 5 every 6 h; under 48 h: 8 every 2 h', () => {
    expect(waveParams(inHours(10 * 24), NOW)).toEqual({ size: 3, spacingS: 24 * 3600, ttlS: 24 * 3600 });
    expect(waveParams(inHours(72), NOW)).toEqual({ size: 5, spacingS: 6 * 3600, ttlS: 6 * 3600 });
    expect(waveParams(inHours(47), NOW)).toEqual({ size: 8, spacingS: 2 * 3600, ttlS: 2 * 3600 });
    expect(waveFor(inHours(7 * 24), NOW).size).toBe(5);
    expect(waveFor(inHours(48), NOW).size).toBe(8);
  });
});

describe('a doctor turning an offer down', () => {
  it.each(['Não posso', 'nao vou conseguir, desculpa', 'Dessa vez não', 'não tenho interesse', 'fica pra próxima!'])('"%s" is a refusal', (t) => {
    expect(isFillRefusal(t)).toBe(true);
  });
  it.each(['Quero!', 'pode reservar', 'não posso recusar essa', 'qual o endereço?', 'não quero perder'])('"%s" is not', (t) => {
    expect(isFillRefusal(t)).toBe(false);
  });
});

describe('the offer text', () => {
  it('names the hospital, the São Paulo date and time, the value, and asks', () => {
    const text = fillOfferText(
      { shift_id: 's', doctor_id: 'd', outbound_key: 'fill:s:d', score: 60, wave: 1, name: 'Dra. Ana Souza', city: 'São Paulo', region: 'zona sul', specialty: 'Pediatria' },
      { date: '2026-03-12', startsAt: '2026-03-12T22:00:00Z', period: 'noturno', durationHours: 12, valueCents: 180000, hospital: 'Hospital Santa Clara', city: 'São Paulo', specialty: 'Pediatria' },
    );
    expect(text).toBe(
      'Oi Ana, tudo bem? Abriu um plantão de pediatria no Hospital Santa Clara (São Paulo), qui 12/03 às 19:00, noturno, 12h, por R$ 1.800,00. ' +
        'Você tem interesse? Se quiser, já deixo reservado pra você.',
    );
  });
});
