import { describe, expect, it } from 'vitest';
import { clauses, detectorInput, foldAccents, normalize, squeezeRepeats } from './normal-form.js';

describe('foldAccents', () => {
  it('drops diacritics but keeps base letters', () => {
    expect(foldAccents('Júlia, não, ação, você, atenção, pôr')).toBe('Julia, nao, acao, voce, atencao, por');
  });
});

describe('squeezeRepeats', () => {
  // A letter stretched for emphasis folds to one; Portuguese's own doubled letters (rr, ss, ee, oo) stay.
  const SQUEEZED: Record<string, string> = {
    naaaao: 'nao', paaaaraaa: 'para', simmm: 'sim', kkkkkk: 'k', isso: 'isso', carro: 'carro', issssso: 'isso',
    coordenador: 'coordenador', preencher: 'preencher', seeeem: 'sem', poooor: 'por',
  };
  it.each(Object.entries(SQUEEZED))('%s -> %s', (input, expected) => {
    expect(squeezeRepeats(input)).toBe(expected);
  });
});

describe('normalize', () => {
  it.each([
    ['nããão', 'nao'],
    ['NÃO!!!', 'nao'],
    ['Vc é um robô?', 'voce e um robo'],
    ['para de me mandar msg pfv', 'para de me mandar mensagem por favor'],
    ['n quero + msgs', 'nao quero mais mensagens'],
    ['q vc qr?', 'que voce qr'],
    ['sai do meu whats', 'sai do meu whatsapp'],
    ['manda no zap', 'manda no whatsapp'],
    ['pare de me encomodar', 'pare de me incomodar'],
    ['não tenho intereçe', 'nao tenho interesse'],
    ['tbm nao sei, pq?', 'tambem nao sei porque'],
    ['p/ mim tanto faz', 'para mim tanto faz'],
    ['plantão c/ 12h', 'plantao com 12h'],
    ['  espaços   demais\n\n', 'espacos demais'],
    ['eu ia te perguntar', 'eu ia te perguntar'],
    ['R$ 1.500,00', 'r 1 500 00'],
    ['', ''],
    // spoken forms are read within a comma's reach
    ['não quero, para', 'nao quero para'],
    ['quero para', 'quero parar'],
    // "mas" slipped for "mais" only between a negated send and what is sent
    ['não me mande mas nada', 'nao me mande mais nada'],
    ['mandei o documento mas nada de resposta', 'mandei o documento mas nada de resposta'],
  ])('%j -> %j', (input, expected) => {
    expect(normalize(input)).toBe(expected);
  });

  it('does not expand words that only look like abbreviations', () => {
    expect(normalize('num plantao')).toBe('num plantao');
    expect(normalize('nunca')).toBe('nunca');
  });
});

describe('clauses', () => {
  it('splits on sentence punctuation and line breaks, not commas', () => {
    expect(clauses('Vc é humana? Parece robô.\nnão, obrigado, pare')).toEqual(['voce e humana', 'parece robo', 'nao obrigado pare']);
  });
  it('drops empty pieces', () => {
    expect(clauses('?!...')).toEqual([]);
  });
});

describe('detectorInput', () => {
  it('reads a word spelled letter by letter and a sentence shouted a word at a time whole', () => {
    expect(['p.a.r.e.m', 'NÃO. QUERO. MAIS. RECEBER.', 'o C.R.M. é de SP'].map(detectorInput)).toEqual(['parem', 'NÃO QUERO MAIS RECEBER.', 'o CRM é de SP']);
  });
  it('keeps the sentences of ordinary case apart', () => {
    expect(detectorInput('Não. Quero. Mais. Receber.')).toBe('Não. Quero. Mais. Receber.');
    expect(detectorInput('Sim. Dr. Paulo aqui.')).toBe('Sim. Dr. Paulo aqui.');
  });
});
