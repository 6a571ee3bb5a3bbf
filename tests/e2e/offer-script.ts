import type { AnthropicCall, AnthropicStep } from '../fakes/index.js';

/** The text of the newest user turn the model was shown (a string, or its text blocks). */
export function userText(call: AnthropicCall): string {
  const last = [...call.messages].reverse().find((m) => m.role === 'user')!;
  if (typeof last.content === 'string') return last.content;
  return last.content.map((b) => (b.type === 'text' ? String(b['text']) : '')).join('\n');
}

const sentOffers = new Map<string, string>();

/** Which ref the offer with this text was about (what the scripted model chose to offer). */
export function offeredRef(text: string): string {
  const ref = sentOffers.get(text);
  if (!ref) throw new Error(`no scripted offer with text ${text}`);
  return ref;
}

interface Vaga { ref: string; hospital: string; dia: string }

/**
 * A scripted model for offers: "tem vaga ..." makes it call buscar_vagas; the
 * tool's result makes it offer the second shift found (hospital and day, no ref,
 * as a person would write it); anything else gets a short answer.
 */
export function offerTurn(call: AnthropicCall): AnthropicStep {
  const last = call.messages.at(-1)!;
  const toolResult = Array.isArray(last.content) ? last.content.find((b) => b.type === 'tool_result') : undefined;
  if (toolResult) {
    const raw = typeof toolResult['content'] === 'string' ? toolResult['content'] : JSON.stringify(toolResult['content']);
    const vagas = (JSON.parse(raw) as { vagas?: Vaga[] }).vagas ?? [];
    // An offer a person could tell apart from the others: its hospital and time are its own.
    const distinct = vagas.filter((x) => vagas.filter((y) => y.hospital === x.hospital && y.dia === x.dia).length === 1);
    const v = distinct[1] ?? distinct[0] ?? vagas[0];
    if (!v) return { text: 'No momento não tenho vaga aberta' };
    const text = `Tenho essa: ${v.hospital}, ${v.dia}. Topa?`;
    sentOffers.set(text, v.ref);
    return { text };
  }
  if (/tem vaga/i.test(userText(call))) return { toolUse: { name: 'buscar_vagas', input: {} } };
  return { text: 'Certo! Já vejo isso pra vc' };
}
