import { describe, expect, it } from 'vitest';
import { matchQuotedOffer, type OfferedEntry } from './quoted-offer.js';

const sent = '2026-11-27T15:00:00.000Z';
const offered: OfferedEntry[] = [
  { ref: 'v1', offeredAt: '2026-11-26T10:00:00.000Z', date: '2026-11-28', startsAt: '2026-11-28T10:00:00.000Z', hospital: 'Hospital Santa Aurora' },
  { ref: 'v2', offeredAt: '2026-11-27T14:59:50.000Z', date: '2026-11-28', startsAt: '2026-11-28T22:00:00.000Z', hospital: 'Hospital São Camilo' },
  { ref: 'v3', offeredAt: '2026-11-27T14:59:50.000Z', date: '2026-11-29', startsAt: '2026-11-29T10:00:00.000Z', hospital: 'Hospital Santa Aurora' },
];

describe('matchQuotedOffer', () => {
  it('picks, among the shifts offered just before the quoted message, the one its text names', () => {
    expect(matchQuotedOffer('Tenho essa: Hospital Santa Aurora, dom 29/11 às 07:00', sent, offered).map((o) => o.ref)).toEqual(['v3']);
    expect(matchQuotedOffer('São Camilo no sábado 28/11, noturno', sent, offered).map((o) => o.ref)).toEqual(['v2']);
  });

  it('returns every offer of that message when its text does not choose (the model asks)', () => {
    expect(matchQuotedOffer('tenho duas pra vc, qual prefere?', sent, offered).map((o) => o.ref)).toEqual(['v2', 'v3']);
  });

  it('an old message still names its shift by its text; a text naming nothing offered matches nothing', () => {
    expect(matchQuotedOffer('Santa Aurora sáb 28/11 às 07:00', '2026-11-26T10:00:05.000Z', offered).map((o) => o.ref)).toEqual(['v1']);
    expect(matchQuotedOffer('bom dia!', '2026-11-20T10:00:00.000Z', offered)).toEqual([]);
  });
});
