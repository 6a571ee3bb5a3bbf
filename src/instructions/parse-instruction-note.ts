import { canonical, fold } from '../shared/index.js';

export type InstructionNote = { kind: 'instruction'; body: string } | { kind: 'revoke' } | { kind: 'empty' };

// Chatwoot writes a mention of an agent named Júlia as [@Júlia](mention://user/7/J%C3%BAlia).
const MENTION = /^\s*\[@\s*j[uú]lia[^\]]*\]\(mention:\/\/[^)]*\)/iu;
const ADDRESS = /^\s*[@/]\s*j[uú]lia(?![\p{L}\p{N}_])/iu;
const REVOKE = /^(revogar?|revoga|cancelar?|cancela|esquece|esquecer|desconsidera|desconsiderar)(\s+(tudo|as instrucoes|a instrucao|instrucoes|instrucao))?[\s.!]*$/;

/**
 * A private note addressed to Júlia ("@julia ...", "/julia ...", case and accents
 * ignored, leading blanks allowed, or a Chatwoot mention of an agent named Júlia):
 * its instruction, or a revocation ("@julia revogar", "/julia cancelar"). Undefined
 * for any other note, which keeps being only a note between people.
 */
export function parseInstructionNote(content: string): InstructionNote | undefined {
  const text = canonical(content);
  const m = MENTION.exec(text) ?? ADDRESS.exec(text);
  if (!m) return undefined;
  const body = text.slice(m[0].length).replace(/^[\s:,;.\-–—]+/u, '').trim();
  if (!body) return { kind: 'empty' };
  if (REVOKE.test(fold(body))) return { kind: 'revoke' };
  return { kind: 'instruction', body: body.slice(0, 2000) };
}
