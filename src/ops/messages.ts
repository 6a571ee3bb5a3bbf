import { formatBRL } from '../agent/index.js';
import { spParts } from '../shared/index.js';

/** A shift as agent_shift_json returns it (the fields these messages use). */
export interface ShiftSummary {
  shiftId: string;
  startsAt: string;
  endsAt: string;
  period: 'diurno' | 'noturno';
  valueCents: number;
  hospital: string;
}

export type FollowupStage = 0 | 1 | 2;

const WEEKDAYS = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'];

const firstName = (name: string | null | undefined) => (name ?? '').trim().split(/\s+/)[0] ?? '';
const hi = (name: string | null | undefined) => (firstName(name) ? `Oi, ${firstName(name)}!` : 'Oi!');

function when(iso: string): { day: string; hour: string } {
  const p = spParts(new Date(iso));
  return { day: `${WEEKDAYS[p.weekday]} ${String(p.day).padStart(2, '0')}/${String(p.month).padStart(2, '0')}`, hour: `${p.hour}h` };
}

/**
 * The follow-up cadence, short and never a copy of the last message
 * (knowledge/process/lembretes-e-contato.md): a nudge, a concrete shift, a
 * last door left open.
 */
export function followupText(stage: FollowupStage, name: string | null | undefined, shift?: ShiftSummary): string {
  if (stage === 0) return `${hi(name)} Conseguiu ver minha última mensagem? Fico no aguardo por aqui.`;
  if (stage === 1) {
    if (!shift) throw new Error('the second follow-up needs a real shift');
    const s = when(shift.startsAt);
    const end = when(shift.endsAt);
    return `${hi(name)} Abriu um plantão que combina com você: ${shift.hospital}, ${s.day}, das ${s.hour} às ${end.hour}, ${formatBRL(shift.valueCents)}. Quer que eu segure pra você?`;
  }
  return `${hi(name)} Faz um tempinho que a gente não se fala. Vou deixar de te mandar vagas por enquanto; quando quiser, é só me chamar aqui.`;
}

/** Spec 5.5: after the shift, an open and light question; `reminder` is the one nudge the day after. */
export function shiftConfirmationText(name: string | null | undefined, shift: ShiftSummary, reminder = false): string {
  const s = when(shift.startsAt);
  if (reminder) return `${hi(name)} Só pra fechar aqui: o plantão de ${s.day} no ${shift.hospital} aconteceu certinho?`;
  const label = shift.period === 'noturno' ? 'o noturno' : 'o plantão';
  return `${hi(name)} Como foi ${label} de ${s.day} no ${shift.hospital}? Deu tudo certo por lá?`;
}
