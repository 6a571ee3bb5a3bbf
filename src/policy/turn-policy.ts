import { fold } from '../shared/index.js';

/** What policy_context returns. */
export interface PolicyFacts {
  enabled: boolean;
  permissionState: string | null;
  coolingOffUntil: string | null;
  contactCount7d: number;
  preferences: Record<string, unknown>;
  reservations30d: number;
  directives: string[];
}

export interface TurnPolicy {
  /** Rules for this turn, in Portuguese, shown to the model as obligatory. */
  constraints: string[];
  directives: string[];
  /** Ask for the stronger model, and why. */
  preferSmart?: string;
  /** Why each constraint exists (recorded, not shown). */
  signals: string[];
}

// Folded. A doctor turning down what was offered.
const REFUSAL = /\b(nao (quero|posso|da|consigo|vou|rola|tenho interesse)|nenhuma? (serve|da)|dispenso|passo essa|fica pra proxima|nao,? obrigad[oa])\b/;
const COMPLAINT = /\b(reclama\w*|absurd\w*|pessim\w*|desrespeit\w*|nao (caiu|pagaram|recebi)|atras\w* (o )?pagamento|errad[oa])\b/;
const NEGOTIATION = /\b(negoci\w*|contraproposta|melhora\w* (o|esse) valor|paga\w* mais|so (faco|pego|aceito) por|sobe\w* (o|esse|um pouco))\b/;
const LONG_CONTEXT_CHARS = 6_000;
const REFUSALS_FOR_PAUSE = 2;
const WEEK_MS = 7 * 24 * 3_600_000;

export interface PolicyHistory {
  role: 'doctor' | 'julia';
  text: string;
  at?: string;
}

/**
 * Spec's policy step: turns the doctor's state and history, and the managers'
 * directives, into constraints the model must follow this turn, and picks the
 * stronger model where a weak answer costs a doctor (negotiation, complaint,
 * long context). Pure: the facts come from policy_context.
 */
export function deriveTurnPolicy(facts: PolicyFacts, history: PolicyHistory[], now: Date): TurnPolicy {
  const constraints: string[] = [];
  const signals: string[] = [];
  const cooling = facts.coolingOffUntil && new Date(facts.coolingOffUntil) > now;
  if (facts.permissionState === 'cooling_off' || cooling) {
    constraints.push('Ele está num período de pausa de contato: responda ao que ele perguntou, sem oferecer vagas por iniciativa própria.');
    signals.push('cooling_off');
  }
  const recent = history.filter((m) => m.role === 'doctor' && (!m.at || now.getTime() - new Date(m.at).getTime() < WEEK_MS));
  const refusals = recent.filter((m) => REFUSAL.test(fold(m.text))).length;
  if (refusals >= REFUSALS_FOR_PAUSE) {
    constraints.push(`Ele recusou ${refusals} vezes nos últimos 7 dias: não ofereça vaga nova nesta conversa a menos que ele peça.`);
    signals.push(`refusals:${refusals}`);
  }
  const prefs = facts.preferences ?? {};
  if (typeof prefs.periodo === 'string') constraints.push(`Prefere plantão ${prefs.periodo}: ofereça esse turno primeiro.`);
  if (Array.isArray(prefs.regioes) && prefs.regioes.length) constraints.push(`Regiões preferidas: ${prefs.regioes.join(', ')}.`);
  if (typeof prefs.valor_minimo === 'number') constraints.push(`Não ofereça vaga abaixo de R$ ${Math.round(prefs.valor_minimo / 100)}.`);
  if (facts.contactCount7d >= 3) {
    constraints.push('Ele já recebeu várias mensagens nesta semana: seja breve e não proponha novo contato.');
    signals.push(`contacts_7d:${facts.contactCount7d}`);
  }

  const lastDoctor = fold(history.filter((m) => m.role === 'doctor').slice(-3).map((m) => m.text).join('\n'));
  const chars = history.reduce((n, m) => n + m.text.length, 0);
  const preferSmart = COMPLAINT.test(lastDoctor) ? 'complaint' : NEGOTIATION.test(lastDoctor) ? 'negotiation' : chars > LONG_CONTEXT_CHARS ? 'long_context' : undefined;
  return { constraints, directives: facts.directives ?? [], signals, ...(preferSmart ? { preferSmart } : {}) };
}
