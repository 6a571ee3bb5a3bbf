import { describe, expect, it } from 'vitest';
import { combineBinary } from './combine.js';
import { statedPieces } from './stated-pieces.js';

describe('statedPieces', () => {
  it('splits sentences and keeps the part after an adversative', () => {
    expect(statedPieces('Muito obrigado pelo carinho, mas podem me tirar da lista. Abri meu consultório.')).toEqual(['podem me tirar da lista.', 'Abri meu consultório.']);
  });
  it('leaves questions out: what surrounds them decides', () => {
    expect(statedPieces('Como paro de receber? Só por curiosidade, tá ótimo assim')).toEqual(['Só por curiosidade, tá ótimo assim']);
  });
  it('yields nothing for a message of one statement', () => {
    expect(statedPieces('me tira da lista de vocês por favor')).toEqual([]);
    expect(statedPieces('')).toEqual([]);
  });
});

describe('combineBinary with a piece', () => {
  const policy = { low: 0.3, high: 0.95 };
  it('a veto on the message stands when no piece holds the hit', () => {
    expect(combineBinary(true, 0.1, policy)).toBe(false);
    expect(combineBinary(true, 0.1, policy, -1)).toBe(false);
  });
  it('the piece carrying the hit, judged alone, lifts the veto', () => {
    expect(combineBinary(true, 0.1, policy, 0.6)).toBe(true);
  });
  it('a piece never adds a yes without the rule', () => {
    expect(combineBinary(false, 0.1, policy, 0.99)).toBe(false);
  });
});
