import { spHuman } from '../shared/index.js';
import type { ClaimedSend } from './types.js';

/** The values a template's {{variables}} take for one doctor (own properties only are ever read). */
export type TemplateVars = Record<string, string>;

/** What every campaign template may say. */
export const TEMPLATE_VARIABLES = ['nome', 'primeiro_nome', 'especialidade', 'cidade', 'regiao'] as const;
/** What an offer campaign may add about its shift. */
export const SHIFT_TEMPLATE_VARIABLES = ['hospital', 'data', 'periodo', 'duracao', 'valor', 'cidade_plantao'] as const;

/** Anything written between double braces, so `{{Nome}}` or `{{ x.y }}` is caught too, not only well-formed names. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

export function allowedTemplateVariables(campaignType: string): readonly string[] {
  return campaignType === 'oferta' ? [...TEMPLATE_VARIABLES, ...SHIFT_TEMPLATE_VARIABLES] : TEMPLATE_VARIABLES;
}

/** The {{names}} in `template` that this kind of campaign does not know, each once, in order. */
export function unknownTemplateVariables(template: string, campaignType: string): string[] {
  const allowed = new Set(allowedTemplateVariables(campaignType));
  const unknown = new Set<string>();
  for (const m of template.matchAll(PLACEHOLDER)) if (!allowed.has(m[1]!)) unknown.add(m[1]!);
  return [...unknown];
}

/** The operator's error for a template with unknown variables, or undefined when every variable is known. */
export function templateProblem(template: string, campaignType: string, field = 'texto'): string | undefined {
  const unknown = unknownTemplateVariables(template, campaignType);
  if (unknown.length === 0) return undefined;
  const list = (names: readonly string[]) => names.map((n) => `{{${n}}}`).join(', ');
  return `${field} da campanha com variável desconhecida: ${list(unknown)}. Variáveis válidas${campaignType === 'oferta' ? ' (oferta)' : ''}: ${list(allowedTemplateVariables(campaignType))}.`;
}

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

/**
 * Fills {{var}} from `vars`' own properties only (`{{constructor}}` is not a
 * variable). Creation refuses unknown names; one that reaches here anyway (a
 * campaign stored before that check) renders empty, never as braces to a doctor.
 * An empty value leaves no stray double spaces or " ," behind.
 */
export function renderTemplate(template: string, vars: TemplateVars): string {
  return template
    .replace(PLACEHOLDER, (_whole, key: string) => (Object.hasOwn(vars, key) ? String(vars[key]) : ''))
    .replace(/[ \t]+([,.!?])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
