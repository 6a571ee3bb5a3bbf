import { spHuman } from '../shared/index.js';
import type { ClaimedSend } from './types.js';

/** What a campaign template may say: {{nome}}, {{primeiro_nome}}, ... (unknown names stay visible to the operator's test). */
export type TemplateVars = Record<string, string>;

/** The shift an `oferta` campaign offers, as agent_shift_json returns it. */
export interface OfferedShift {
  date: string;
  startsAt: string;
  period: string;
  durationHours: number;
  valueCents: number;
  hospital: string;
  city: string;
  specialty: string;
}

const brl = (cents: number) => `R$ ${(cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function templateVars(send: ClaimedSend, shift?: OfferedShift | null): TemplateVars {
  const name = send.name?.trim() ?? '';
  // "Dr. Ana Souza" greets as "Ana"; no name greets without one.
  const first = name.replace(/^(dr|dra)\.?\s+/i, '').split(/\s+/)[0] ?? '';
  const vars: TemplateVars = {
    nome: name,
    primeiro_nome: first,
    especialidade: send.specialty ?? '',
    cidade: send.city ?? '',
    regiao: send.region ?? '',
  };
  if (shift) {
    Object.assign(vars, {
      hospital: shift.hospital,
      data: spHuman(new Date(shift.startsAt)),
      periodo: shift.period,
      duracao: `${shift.durationHours}h`,
      valor: brl(shift.valueCents),
      cidade_plantao: shift.city,
    });
  }
  return vars;
}

/** Fills {{var}}; an empty value leaves no stray double spaces or " ," behind. */
export function renderTemplate(template: string, vars: TemplateVars): string {
  return template
    .replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, key: string) => (key in vars ? vars[key]! : whole))
    .replace(/[ \t]+([,.!?])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
