import { describe, expect, it } from 'vitest';
import { detectHandoff, handoffByRules, type HandoffReason } from './detect-handoff.js';

// h14-handoff10: the situations set 9 found, in fresh wording (never a line of a labelled set), with near misses.
describe('set 9 families (h14-handoff10)', () => {
  it.each<readonly [string, HandoffReason]>([
    // Contempt aimed at the company, censored swearing.
    ['agência de quinta, nunca mais respondo vocês', 'strong_anger'],
    ['vocês são uma fraude, isso sim', 'strong_anger'],
    ['nunca vi tanta desorganização numa empresa só', 'strong_anger'],
    ['bando de f*** da p***, me sacanearam com a escala', 'strong_anger'],
    ['vai se f***, não quero mais', 'strong_anger'],
    // The machine insulted.
    ['bot inútil, já falei três vezes o mesmo', 'strong_anger'],
    // Legal threats in other words.
    ['se não resolverem até sexta, processarei a empresa', 'legal_threat'],
    ['já entrei com uma ação contra vocês no juizado', 'legal_threat'],
    ['vou à delegacia registrar o que vocês fizeram', 'legal_threat'],
    ['vou levar isso à ANPD, meus dados foram vazados', 'legal_threat'],
    // Exposure on social media.
    ['vou publicar no meu instagram o descaso de vocês', 'legal_threat'],
    ['vou contar no grupo da residência o que vocês me fizeram', 'legal_threat'],
    // Scam: data asked, a rumour about us.
    ['me pediram senha do banco e uma selfie com o RG, isso tem cara de golpe', 'complaint'],
    ['uns colegas estão falando que vocês são golpistas, apaguem meu cadastro', 'complaint'],
    // A forged signature.
    ['essa assinatura no termo é falsa, jamais assinei isso', 'complaint'],
    // Unsafe staffing in other words.
    ['me puseram pra atender dois setores ao mesmo tempo na madrugada', 'complaint'],
    ['o que fizeram ontem foi ilegal e perigoso, sem médico no pronto socorro', 'complaint'],
    // Harassment, put on record.
    ['o plantonista fez comentários sobre a minha aparência a noite toda', 'complaint'],
    ['quero relatar formalmente o que o coordenador fez comigo', 'complaint'],
    // Pay zeroed or wrong, a correction demanded.
    ['meu adicional noturno veio zerado no extrato de maio', 'payment_dispute'],
    ['o repasse veio com 200 a menos, exijo que seja corrigido', 'payment_dispute'],
    // A person at the company asked for to confirm.
    ['antes de mandar meu CPF prefiro confirmar com alguém da equipe', 'human_request'],
    // Left waiting at the door with no shift.
    ['fiquei na recepção do hospital e não tinha vaga nenhuma pra mim, me deixaram a ver navios', 'complaint'],
  ])('hands off: %s', (text, reason) => {
    const result = handoffByRules(text);
    expect(result.handoff).toBe(true);
    expect(result.reason).toBe(reason);
  });
  it.each([
    'esse hospital é uma piada, não vou pegar plantão lá',
    'robô de cirurgia do hospital é novo?',
    'vou postar a vaga no grupo da residência, o pessoal vai gostar',
    'pra que vocês pedem foto do CRM? só curiosidade',
    'vou ter que cobrir duas alas ao mesmo tempo nesse plantão?',
    'o plantão de sábado não apareceu no meu extrato ainda',
    'quero corrigir meu e-mail no cadastro',
    'ouvi dizer que vocês são golpe, é verdade?',
    'vou confirmar com o coordenador do hospital o horário',
    'já assinei o contrato, mando por aqui?',
  ])('no hand-off (near miss): %s', (text) => {
    expect(handoffByRules(text).handoff).toBe(false);
  });
  // Guards read on the whole message: hearsay, a joke or hypothetical, research, a call with the recruiter or while
  // busy, a price complaint alone. They veto the rules and a hand-off the model would add alone.
  it.each([
    'me falaram que agência de plantão costuma atrasar repasse, com vocês é assim?',
    'se algum dia vocês me pagarem atrasado eu processo kkk brincadeira, manda o de domingo',
    'caso um dia dê problema no pagamento eu vou no procon, mas confio em vocês',
    'antes de fechar vou dar uma olhada em vocês no reclame aqui',
    'consigo conversar com você por telefone agora? tô com a agenda aberta',
    'me telefona mais tarde, estou em cirurgia',
    'QUE PREÇO MISERÁVEL',
    'proposta ridícula essa, hein',
  ])('guarded, no hand-off: %s', (text) => {
    expect(detectHandoff(text).handoff).toBe(false);
  });
  it.each([
    'se um dia atrasou? ainda não recebi o de março, vou no procon',
    'me liga agora, estou em cirurgia e o pagamento não caiu',
    'valor ridículo e ainda atrasaram o pagamento, vocês são uns picaretas',
    'vou pesquisar e depois postar no reclame aqui o que vocês fizeram',
  ])('the guard gives way to an open problem: %s', (text) => {
    expect(detectHandoff(text).handoff).toBe(true);
  });
});
