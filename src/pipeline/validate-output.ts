import { canonical, fold } from '../classify/index.js';
import type { LeakDetector } from './prompt-leak.js';

/**
 * What Júlia must never send (ValidateOutput). Each rule names the violation so
 * the model can be told exactly what to fix when it regenerates.
 */
const RULES: Array<{ id: string; test: (text: string, folded: string) => boolean; why: string }> = [
  { id: 'ai_self_reference', test: (_t, f) => /\b(sou|como) (uma?|um) (ia|inteligencia artificial|assistente virtual|modelo de linguagem|robo|bot|chatbot)\b|\bmodelo de linguagem\b|\b(claude|anthropic|chatgpt|openai)\b/.test(f), why: 'fala de si como IA/robô/modelo sem o médico ter perguntado' },
  { id: 'leaked_instructions', test: (_t, f) => /\b(prompt|instruc(ao|oes) (do sistema|que recebi)|system message|minhas (regras|instrucoes)|tool_use|tool call|ferramenta (buscar|reservar|salvar|agendar)|buscar_vagas|reservar_plantao|buscar_info_hospital|salvar_memoria|agendar_lembrete|consultar_gestor)\b/.test(f), why: 'menciona instruções, ferramentas ou funcionamento interno' },
  { id: 'markdown', test: (t) => /(\*\*|__|^#{1,6}\s|```|^\s*[-*•]\s|^\s*\d+[.)]\s)/m.test(t), why: 'usa markdown ou lista' },
  { id: 'link_syntax', test: (t) => /\[[^\]]+\]\([^)]+\)/.test(t), why: 'usa sintaxe de link markdown' },
  { id: 'corporate', test: (_t, f) => /\b(prezad[oa]|atenciosamente|estamos a disposicao|fico a disposicao|agradecemos (o|seu) contato|informamos que|caro cliente|cordialmente)\b/.test(f), why: 'usa linguagem corporativa' },
];

export interface Violation {
  id: string;
  why: string;
  detail?: string;
}

/**
 * Values and dates the reply quotes must appear in what the turn knew (tool
 * results and context); anything else was invented.
 */
export function validateOutput(raw: string, known: string, leaks?: LeakDetector): Violation[] {
  // The model can emit look-alike letters too; rules read the shared canonical form.
  const text = canonical(raw);
  const folded = fold(text);
  const found: Violation[] = RULES.filter((r) => r.test(text, folded)).map((r) => ({ id: r.id, why: r.why }));
  const knownDigits = normalizeNumbers(known);
  const money = [...text.matchAll(/R\$\s?([\d.]+(?:,\d{2})?)/g)].map((m) => m[1]!);
  const invented = money.filter((v) => !knownDigits.has(digitsOf(v)));
  if (invented.length) found.push({ id: 'invented_value', why: 'cita valor que não veio das ferramentas', detail: invented.join(', ') });
  const dates = [...text.matchAll(/\b(\d{1,2})\/(\d{1,2})\b/g)].map((m) => `${Number(m[1])}/${Number(m[2])}`);
  const knownDates = new Set([...known.matchAll(/\b(\d{1,2})\/(\d{1,2})\b/g)].map((m) => `${Number(m[1])}/${Number(m[2])}`));
  for (const iso of known.matchAll(/\b\d{4}-(\d{2})-(\d{2})/g)) knownDates.add(`${Number(iso[2])}/${Number(iso[1])}`);
  const badDates = dates.filter((d) => !knownDates.has(d));
  if (badDates.length) found.push({ id: 'invented_date', why: 'cita data que não veio das ferramentas ou do contexto', detail: badDates.join(', ') });
  // No detail: the feedback goes back to the model, and the quote itself is what must not travel.
  if (leaks?.quoted(raw, known)) found.push({ id: 'prompt_leak', why: 'reproduz trechos das suas instruções internas; responda ao médico sem citá-las' });
  return found;
}

function digitsOf(value: string): string {
  // "1.500,00" and "1500" are the same value; compare integer reais.
  return value.replace(/,\d{2}$/, '').replace(/\D/g, '');
}

function normalizeNumbers(known: string): Set<string> {
  const set = new Set<string>();
  for (const m of known.matchAll(/R\$\s?([\d.]+(?:,\d{2})?)/g)) set.add(digitsOf(m[1]!));
  for (const m of known.matchAll(/\b(\d{3,7})(?:00)?\b/g)) set.add(m[1]!);
  // Cents in tool JSON ("value_cents": 150000) → reais.
  for (const m of known.matchAll(/"?(?:value_cents|valor_centavos)"?\s*:\s*(\d+)/g)) set.add(String(Math.round(Number(m[1]) / 100)));
  return set;
}
