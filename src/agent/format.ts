import { spHuman, spParts } from '../shared/index.js';

/** Shift row as returned by the agent_* SQL functions (agent_shift_json). */
export interface DbShift {
  ref?: string;
  shiftId: string;
  date: string;
  startsAt: string;
  endsAt: string;
  weekday: number;
  period: 'diurno' | 'noturno';
  durationHours: number;
  valueCents: number;
  status?: string;
  hospital: string;
  address: string;
  neighborhood: string | null;
  city: string;
  region: string | null;
  specialty: string;
}

/** "R$ 1.500,00": the DB stores cents, doctors read reais. */
export function formatBRL(cents: number): string {
  const reais = Math.floor(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  const grouped = String(reais).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${cents < 0 ? '-' : ''}R$ ${grouped},${rest}`;
}

export const WEEKDAY_NAMES = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'];

function hhmm(iso: string): string {
  const p = spParts(new Date(iso));
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

const STATUS_PT: Record<string, string> = {
  open: 'aberta',
  reserved: 'preenchida',
  pending_confirmation: 'preenchida',
  completed: 'realizada',
  cancelled: 'cancelada',
};

/**
 * What the model sees of a shift: a conversation ref instead of the UUID, São
 * Paulo wall-clock times and the value in reais.
 */
export function shiftForModel(s: DbShift): Record<string, unknown> {
  return {
    ...(s.ref ? { ref: s.ref } : {}),
    data: s.date,
    dia: spHuman(new Date(s.startsAt)),
    dia_semana: WEEKDAY_NAMES[s.weekday],
    inicio: hhmm(s.startsAt),
    fim: hhmm(s.endsAt),
    hospital: s.hospital,
    bairro: s.neighborhood,
    cidade: s.city,
    regiao: s.region,
    especialidade: s.specialty,
    periodo: s.period,
    duracao_horas: s.durationHours,
    valor: formatBRL(s.valueCents),
    ...(s.status ? { situacao: STATUS_PT[s.status] ?? s.status } : {}),
  };
}

/** One line for the prompt context and for Slack. */
export function shiftLine(s: DbShift): string {
  const place = [s.neighborhood, s.region].filter(Boolean).join(', ');
  return `${spHuman(new Date(s.startsAt))} até ${hhmm(s.endsAt)} (${s.date}), ${s.hospital}${place ? ` (${place})` : ''}, ${s.specialty}, ${s.period} ${s.durationHours}h, ${formatBRL(s.valueCents)}`;
}
