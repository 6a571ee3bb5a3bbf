import { describe, expect, it } from 'vitest';
import { detectHandoff, handoffByRules, type HandoffReason } from './detect-handoff.js';

// h14-handoff12: the situations set 11 found, in fresh wording (never a line of a labelled set), with near misses.
describe('set 11 families (h14-handoff12)', () => {
  it.each<readonly [string, HandoffReason]>([
    // A payment short against the figure agreed.
    ['caiu 1.100 em vez de 1.800 do plantão de sábado, quem resolve?', 'payment_dispute'],
    ['depositaram só 900 sendo que o combinado era 1.500', 'payment_dispute'],
    ['recebi R$ 2.000 quando eram 2.400, faltou o noturno', 'payment_dispute'],
    // A shift cancelled, learned on arrival.
    ['cheguei na UPA às 7h e a recepção falou que meu turno foi cancelado semana passada', 'complaint'],
    ['to aqui na portaria do hospital e me disseram que o plantão tava suspenso, ninguém me avisou', 'complaint'],
    ['quando cheguei o coordenador disse que tinham desmarcado, perdi a manhã', 'complaint'],
    // Another doctor in his slot at arrival.
    ['cheguei no PS e tinha outro plantonista escalado no meu lugar, e agora?', 'complaint'],
    ['to aqui no hospital e o colega da noite se recusou a sair, disse que o plantão é dele', 'complaint'],
    // A lawsuit threatened in the present tense.
    ['se não pagarem até sexta eu processo vocês', 'legal_threat'],
    ['denuncio vcs no conselho, chega', 'legal_threat'],
  ])('hands off: %s', (text, reason) => {
    const result = handoffByRules(text);
    expect(result.handoff).toBe(true);
    expect(result.reason).toBe(reason);
  });
  it.each([
    'prefiro dois plantões de 12h em vez de um de 24h',
    'o plantão paga 1.200 ou 1.400?',
    'e se eu chegar lá e o plantão tiver sido cancelado, como fica?',
    'cheguei a pensar que tinham cancelado, mas deu tudo certo',
    'vi na escala de março que tem outro médico no meu horário de quinta, pode confirmar?',
    'o processo vocês mandam por email ou pelo app?',
    'qual processo vocês usam pra credenciar?',
  ])('no hand-off (near miss): %s', (text) => {
    expect(handoffByRules(text).handoff).toBe(false);
  });
  // Guards: the hospital's people, a negated legal word, Júlia herself, a call to settle details, distrust with no
  // request, where we got the number out of curiosity, no need of a company. They veto the rules and the model alone.
  it.each([
    'consegue me passar o telefone do departamento pessoal da clínica?',
    'qual o whatsapp da coordenação do hospital? quero combinar a passagem de plantão',
    'relaxa, não vou denunciar ninguém kkk só quero entender por que veio esse desconto de INSS',
    'não quero processar vocês, só entender a nota',
    'prefiro combinar tudo direto com você mesmo, tudo bem?',
    'me liga depois do almoço pra gente fechar as datas?',
    'não confio em robô pra mandar meu RG',
    'não vou mandar minha CNH pra um sistema',
    'não quero descadastrar, só queria saber de onde vocês pegaram meu contato',
    'já tenho minha turma que me passa plantão, não preciso de agência',
  ])('guarded, no hand-off: %s', (text) => {
    expect(detectHandoff(text).handoff).toBe(false);
  });
  it.each([
    'o RH do hospital não me pagou o plantão, me passa o contato de alguém de vocês',
    'não vou processar ninguém agora, mas se não pagarem meu advogado entra',
    'quero resolver direto contigo, o pagamento de março veio errado',
    'não vou mandar meus dados pra um robô, quero falar com uma pessoa',
    'quero saber de onde tiraram meu número, não autorizei e quero ser excluído',
    'não preciso de empresa nenhuma, quero falar com o responsável agora',
  ])('the guard gives way to a request or a problem: %s', (text) => {
    expect(detectHandoff(text).handoff).toBe(true);
  });
});
