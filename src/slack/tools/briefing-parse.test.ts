import { describe, expect, it } from 'vitest';
import { parseBriefing, scopeOfLine } from './briefing-parse.js';

describe('briefing lines with a scope and a margin', () => {
  it('"Hospital Santa Clara: pode oferecer até R$ 1.800 no noturno" names the hospital, the maximum and the period, with or without a bullet', () => {
    const line = 'Hospital Santa Clara: pode oferecer até R$ 1.800 no noturno';
    expect(parseBriefing(`Prioridades\n${line}`)).toEqual([{ kind: 'hospital', text: line, hospital: 'Hospital Santa Clara', maxValueCents: 180_000, period: 'noturno' }]);
    expect(parseBriefing(`Hospitais\n- ${line}`)).toEqual([{ kind: 'hospital', text: line, hospital: 'Hospital Santa Clara', maxValueCents: 180_000, period: 'noturno' }]);
  });

  it('reads the money forms managers write, and a minimum', () => {
    expect(scopeOfLine('Pediatria: no máximo R$1.950,50')).toEqual({ target: 'Pediatria', maxValueCents: 195_050 });
    expect(scopeOfLine('Especialidade Ortopedia: a partir de R$ 1400 e até 2.100 reais, diurno')).toEqual({ specialty: 'Ortopedia', minValueCents: 140_000, maxValueCents: 210_000, period: 'diurno' });
    expect(scopeOfLine('Maternidade Campo Belo: teto de R$ 2.000')).toEqual({ hospital: 'Maternidade Campo Belo', maxValueCents: 200_000 });
  });

  it('a plain line stays a global directive, a heading stays a heading', () => {
    expect(parseBriefing('Não dizer\n- Não prometer pagamento em 7 dias.\n- Evitar falar de plantão noturno.')).toEqual([
      { kind: 'evitar', text: 'Não prometer pagamento em 7 dias.' },
      { kind: 'evitar', text: 'Evitar falar de plantão noturno.' },
    ]);
    expect(parseBriefing('Hospitais para empurrar:\n- Santa Clara')).toEqual([{ kind: 'hospital', text: 'Santa Clara' }]);
  });
});
