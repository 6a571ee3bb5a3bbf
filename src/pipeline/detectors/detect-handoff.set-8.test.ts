import { describe, expect, it } from 'vitest';
import { detectHandoff, handoffByRules, type HandoffReason } from './detect-handoff.js';

// h14-handoff9: the situations set 8 found, in fresh wording (never a line of a labelled set), with near misses.
// Kept apart from detect-handoff.test.ts, which is near 300 lines.
describe('set 8 families (h14-handoff9)', () => {
  it.each<readonly [string, HandoffReason]>([
    // At the door with no schedule, not recognised, or off the roster we confirmed.
    ['cheguei na UPA e a recepcionista falou que meu nome não consta na escala de hoje', 'complaint'],
    ['estou na portaria faz meia hora e ninguém aqui sabe quem eu sou', 'complaint'],
    ['vocês me confirmaram o noturno de sexta, mas a chefe do plantão diz que eu não estou escalado', 'complaint'],
    // Left alone, unsafe staffing now.
    ['fiquei sozinha com mais de 30 pacientes na emergência, o outro médico faltou', 'complaint'],
    ['me colocaram sozinho na UTI sem nenhum colega de retaguarda', 'complaint'],
    ['aqui não é seguro, a equipe toda foi embora e tem paciente grave', 'complaint'],
    // Held past the shift without relief, and who pays.
    ['meu turno acabava às 7h e me prenderam até as 11h, quem vai pagar essas horas extras?', 'payment_dispute'],
    ['trabalhei a noite inteira sem ninguém pra me render', 'payment_dispute'],
    ['fiz 6 horas além do combinado, quem me paga as horas excedentes?', 'payment_dispute'],
    // A scam after the work, an invalid company registration once work or money is at stake.
    ['já fiz dois plantões e descobri que o CNPJ da empresa está baixado, como vou receber?', 'complaint'],
    ['dei dois plantões e agora acho que caí num golpe', 'complaint'],
    // Data rights: a threat of measures, a demand to know where the data came from.
    ['se não apagarem meus dados em 48h, vou tomar as providências legais', 'legal_threat'],
    ['exijo que me informem de onde obtiveram meu telefone, nunca dei autorização', 'legal_threat'],
    ['qual a origem dos meus dados no cadastro de vocês? quero isso por escrito', 'legal_threat'],
    // Someone sent for, whatever prompted it (here canned replies).
    ['essa mensagem é copiada, chama uma pessoa real pra conversar comigo', 'human_request'],
    ['traga alguém da empresa pra resolver, não aguento mais texto pronto', 'human_request'],
  ])('hands off: %s', (text, reason) => {
    const result = handoffByRules(text);
    expect(result.handoff).toBe(true);
    expect(result.reason).toBe(reason);
  });

  it.each([
    'ainda não estou na escala de abril, quando vocês fecham?',
    'cheguei no hospital, onde fica o vestiário?',
    'nesse PS o plantonista fica sozinho com 50 pacientes, não pego',
    'vou ficar sozinho no plantão ou tem residente?',
    'mandar foto do RG por aqui não é seguro, tem outro jeito?',
    'quem paga as horas extras, o hospital ou vocês?',
    'se eu ficar depois do horário recebo a mais?',
    'qual o CNPJ de vocês? quero conferir na Receita antes',
    'isso é golpe? nunca ouvi falar de vocês',
    'como vocês conseguiram meu número? me tira da lista',
    'vou tomar providências pra mandar os documentos ainda hoje',
    'manda alguém do hospital falar comigo sobre o crachá?',
  ])('no hand-off (near miss): %s', (text) => {
    expect(handoffByRules(text).handoff).toBe(false);
  });

  // Guards: they veto the rules and also a hand-off the learned layer would add alone, so they are tested combined.
  it.each([
    // A call as a convenience: a channel preference, or busy now.
    'prefiro que me telefonem, escrever no celular me cansa',
    'me liga amanhã de manhã, agora estou em cirurgia',
    'liga pra mim em vez de ficar mandando mensagem',
    // A past told as a reason: elsewhere, or settled and hoped not to repeat.
    'numa agência dessas atrasaram meu pagamento 2 meses, por isso não quero',
    'no mês passado o pix caiu com atraso, espero que dessa vez não atrase',
  ])('guarded, no hand-off: %s', (text) => {
    expect(detectHandoff(text).handoff).toBe(false);
  });

  it.each([
    'me liga agora, estou em atendimento mas o pagamento não caiu',
    'outra empresa também me deu calote, e vocês até hoje não pagaram o plantão de maio',
    'espero que não se repita, mas ainda não recebi o plantão de junho',
  ])('the guard gives way to an open problem: %s', (text) => {
    expect(detectHandoff(text).handoff).toBe(true);
  });
});
