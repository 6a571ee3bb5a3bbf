import { describe, expect, it } from 'vitest';
import { botSuspicionByRules, detectBotSuspicion } from './detect-bot-suspicion.js';

const suspects = (text: string) => botSuspicionByRules(text).suspicious;

// h14-detectors11, set 17 families: fresh paraphrases, never a line of a labelled set.
describe('bot suspicion, set 17 families', () => {
  it.each([
    'isso é um disparo em massa, né? nem meu nome tá certo',
    'responde aí sem usar template: qual o hospital?',
    'atendi ligação de vocês e era gravação. agora é tudo automático?',
    'IA de plantão, era só o que faltava. qual o valor?',
    'esse robô não entende o que eu escrevo',
  ])('suspects a machine: %s', (text) => {
    expect(suspects(text)).toBe(true);
  });
  it.each([
    'para de disparo em massa no meu número',
    'respondi sem ver a escala, desculpa',
    'o ponto eletrônico agora é automático?',
    'meu filho estuda IA de verdade na faculdade',
    'o bot do hospital não entende nada, tive que ligar',
  ])('not a suspicion about us: %s', (text) => {
    expect(suspects(text)).toBe(false);
  });
});

describe('bot suspicion, set 17: the learned layer bound', () => {
  it.each(['o repasse cai automático ou preciso pedir?', 'a renovação do cadastro é automática?', 'os lembretes são automáticos ou manuais?'])(
    'a process called automatic is not a doubt about us: %s',
    (text) => {
      expect(detectBotSuspicion(text).suspicious).toBe(false);
    },
  );
  it('still reads the chat called automatic', () => {
    expect(detectBotSuspicion('e aqui no whatsapp, agora é tudo automático também?').suspicious).toBe(true);
  });
});

describe('bot suspicion, set 18 families (h14-detectors12)', () => {
  it.each(['vocês usam IA pra conversar? as mensagens parecem geradas', 'sistema automático mandando vaga de novo, que coisa'])('suspects a machine: %s', (text) => {
    expect(suspects(text)).toBe(true);
  });
  it.each(['o hospital usa IA pra laudar raio-x', 'o sistema do ponto é automático, né?'])('not a suspicion about us: %s', (text) => {
    expect(suspects(text)).toBe(false);
  });
});
