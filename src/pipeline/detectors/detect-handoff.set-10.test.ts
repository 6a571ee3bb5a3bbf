import { describe, expect, it } from 'vitest';
import { detectHandoff, handoffByRules, type HandoffReason } from './detect-handoff.js';

// h14-handoff11: the situations set 10 found, in fresh wording (never a line of a labelled set), with near misses.
describe('set 10 families (h14-handoff11)', () => {
  it.each<readonly [string, HandoffReason]>([
    // A shift cancelled at the door, or a closed door on arrival.
    ['desmarcaram meu plantão quando eu cheguei na UPA, rodei 200 km', 'complaint'],
    ['foi cancelado na portaria mesmo, ninguém tinha me avisado', 'complaint'],
    ['cheguei em Macaé às 7h e o hospital estava fechado, sem ninguém pra explicar', 'complaint'],
    // His name missing from the hospital's payroll after working.
    ['trabalhei o fim de semana todo e meu nome não aparece na folha de pagamento da clínica', 'payment_dispute'],
    ['fiz dois plantões em outubro e eu não entrei no fechamento do hospital, e agora?', 'payment_dispute'],
    // His CRM or name used without consent.
    ['colocaram meu CRM numa escala de UTI que eu jamais aceitei', 'complaint'],
    ['tem meu nome na escala de domingo sem a minha autorização', 'complaint'],
    // A payment from an unknown person.
    ['o depósito caiu de um terceiro, nem sei quem é, isso não é da empresa', 'complaint'],
    ['vocês pagam com dinheiro de quem? isso tem cara de lavagem', 'complaint'],
    // Strong anger in other words: calls unanswered many times, "muito puto".
    ['já mandei mensagem umas dez vezes essa semana e ninguém responde', 'strong_anger'],
    ['tô muito puta com vocês, que falta de respeito', 'strong_anger'],
    // Health authorities or the medical council, with a serious condition.
    ['vou denunciar na Vigilância Sanitária, a sala vermelha está sem oxigênio', 'legal_threat'],
    ['vou acionar o CREMESP, o carrinho de parada está sem funcionar faz semanas', 'legal_threat'],
    // A serious condition now, someone called on to act.
    ['o PS tá sem luva e sem soro desde ontem, alguém tem que resolver isso', 'complaint'],
    // A request for a human put as a condition; a refusal to talk to a machine.
    ['se houver uma pessoa de verdade aí, me responde por favor', 'human_request'],
    ['não falo com máquina', 'human_request'],
    // The machine cursed.
    ['bot dos infernos, já mandou três vezes a mesma vaga', 'strong_anger'],
  ])('hands off: %s', (text, reason) => {
    const result = handoffByRules(text);
    expect(result.handoff).toBe(true);
    expect(result.reason).toBe(reason);
  });
  it.each([
    'e se cancelarem o plantão na porta, vocês pagam alguma coisa?',
    'ninguém me avisou que tinham cancelado, perdi a viagem',
    'a folha de pagamento do hospital fecha que dia?',
    'pode colocar meu nome na escala de sábado',
    'vocês vão usar meu CRM pro cadastro no hospital?',
    'o pix vai cair da conta da empresa ou do hospital?',
    'fiz uma lavagem gástrica no plantão, foi tenso',
    'liguei 3 vezes pra recepção do hospital e ninguém atende, tem outro número?',
    'preciso informar o CRM sobre meu novo endereço',
    'esse hospital é sem medicação nenhuma, não vou pegar',
    'se tiver algum humano aí lendo, bom dia kkk',
    'o robô de cirurgia do hospital é infernal de operar',
  ])('no hand-off (near miss): %s', (text) => {
    expect(handoffByRules(text).handoff).toBe(false);
  });
  // Guards: the hospital's people for logistics, a worry about what has not happened, a delay settled, Júlia herself,
  // a call to settle the offer, a price complaint about our figures. They veto the rules and the model alone.
  it.each([
    'me passa o contato da clínica? quero falar com o coordenador de lá sobre o vestiário',
    'quero falar com a coordenação do hospital sobre o crachá, tem o número?',
    'o município atrasa salário direto, aposto que esse plantão vai atrasar também',
    'tenho receio de que o repasse demore, é comum?',
    'o repasse de setembro atrasou uns dias, fiquei apreensivo se atrasa de novo. tem vaga em dezembro?',
    'prefiro falar com a Júlia mesmo, foi com você que acertei tudo',
    'me telefona à noite que a gente combina as datas',
    'esses preços de vocês são uma piada',
  ])('guarded, no hand-off: %s', (text) => {
    expect(detectHandoff(text).handoff).toBe(false);
  });
  it.each([
    'quero falar com a coordenação do hospital sobre o estacionamento, e o meu pagamento ainda não caiu',
    'meu repasse está atrasado faz duas semanas e tenho medo de não receber',
    'quero falar com a Júlia e com o supervisor dela, ninguém resolveu meu problema',
    'valores de vocês são uma piada e ainda atrasaram meu pagamento',
  ])('the guard gives way to an open problem: %s', (text) => {
    expect(detectHandoff(text).handoff).toBe(true);
  });
});
