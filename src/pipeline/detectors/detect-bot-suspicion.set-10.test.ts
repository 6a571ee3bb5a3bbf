import { describe, expect, it } from 'vitest';
import { botSuspicionByRules, detectBotSuspicion } from './detect-bot-suspicion.js';

// h14-handoff11: the forms set 10 found, in fresh wording (never a line of a labelled set), with near misses.
describe('set 10 families (h14-handoff11)', () => {
  it.each([
    'pronto, mais um robô de plantão na minha caixa',
    'outro bot de agência, que preguiça',
    'essa mensagem foi o chatgpt que escreveu, confessa',
    'esse texto aí foi gerado por inteligência artificial, né',
    'recebi ctrl c ctrl v, igual ao da minha esposa que também é médica',
    'vocês mandaram o mesmo texto pra minha colega de residência, palavra por palavra',
    'robô maldito, para de me chamar',
    'cadê a moça de verdade que me ligou ontem?',
    'a empresa tem alguma ferramenta de automação pra disparar essas vagas?',
    'vcs utilizam chatbot pra oferecer plantão?',
  ])('suspects a machine: %s', (text) => {
    expect(botSuspicionByRules(text).suspicious).toBe(true);
  });
  it.each([
    'mais um robô cirúrgico chegou no hospital, bonito demais',
    'o laudo foi feito por IA no hospital, acredita?',
    'a escala é feita pelo sistema do hospital?',
    'copia e cola o endereço aqui pra mim por favor',
    'pode mandar a mesma mensagem pro meu colega? ele quer plantão',
    'o hospital usa um sistema de IA pra laudar raio x',
  ])('no suspicion (near miss): %s', (text) => {
    expect(botSuspicionByRules(text).suspicious).toBe(false);
  });
  // Other companies' bots, as hearsay or in relief, are not a doubt about us (rules and model alike).
  it.each([
    'uma amiga contou que tem agência usando robô pra oferecer plantão, que bom que vocês não',
    'li que outras empresas de escala disparam mensagem com IA, ainda bem que aqui é gente',
  ])('other companies, no suspicion: %s', (text) => {
    expect(detectBotSuspicion(text).suspicious).toBe(false);
  });
  it('asked of us too, it stays a suspicion', () => {
    expect(botSuspicionByRules('ouvi que outras empresas usam bot pra mandar vaga, vocês também usam?').suspicious).toBe(true);
  });
});
