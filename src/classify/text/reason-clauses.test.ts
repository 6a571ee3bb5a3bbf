import { describe, expect, it } from 'vitest';
import { reasonClauses } from './reason-clauses.js';

// Fresh paraphrases: the act is set aside, its reason kept.
describe('reasonClauses', () => {
  it('keeps the clauses beside a stop or a request for a person', () => {
    expect(reasonClauses('me tira da lista, vou passar o ano estudando pra residência')).toBe('vou passar o ano estudando pra residência');
    expect(reasonClauses('O hospital de Osasco é desorganizado demais. Quero falar com o gerente de vocês')).toBe('O hospital de Osasco é desorganizado demais');
  });

  it('is null when the whole message is the act, or nothing is', () => {
    expect(reasonClauses('para de me mandar mensagem')).toBeNull();
    expect(reasonClauses('qual o valor do plantão de domingo?')).toBeNull();
  });
});

// discourse tags and, beside a bot question, how the replies read are no reason.
describe('reasonClauses: the reason beside an act', () => {
  it('drops tags and the bot suspicion evidence', () => {
    expect(reasonClauses('vc é robô, né? pode falar')).toBeNull();
    expect(reasonClauses('moça, por favor, não me chama mais')).toBeNull();
    expect(reasonClauses('que texto enorme em um segundo, vc é um robô?')).toBeNull();
  });

  it('keeps a real reason beside a tag', () => {
    expect(reasonClauses('Júlia, me tira da lista, vou me mudar pro exterior')).toBe('vou me mudar pro exterior');
  });
});
