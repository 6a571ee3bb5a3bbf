import { describe, expect, it } from 'vitest';
import { botSuspicionByRules } from './detect-bot-suspicion.js';

// h14-detectors10: the forms set 12 found, in fresh wording (never a line of a labelled set), with near misses.
describe('set 12 families (h14-detectors10)', () => {
  it.each([
    'resposta pronta de novo? poxa',
    'respostas automáticas, certeza',
    'mais uma mensagem automática, nem lê o que eu escrevo',
    'lá vem o robozinho de novo',
    'lá vem o bot mandando vaga de novo',
    'se errar essa é gente: quanto é 7 vezes 8 menos 3?',
  ])('suspects a machine: %s', (text) => {
    expect(botSuspicionByRules(text).suspicious).toBe(true);
  });
  it.each([
    'resposta automática do meu whatsapp business, desconsidera',
    'o banco manda outra mensagem automática de confirmação',
    'lá vem o robô da cirurgia novo que o hospital comprou',
    'se acertar o valor eu pego o plantão',
  ])('no suspicion (near miss): %s', (text) => {
    expect(botSuspicionByRules(text).suspicious).toBe(false);
  });
});

// Set 13, read after its blind run: fresh wording of its families, with near misses.
describe('set 13 families (h14-detectors10)', () => {
  it.each([
    'esse robô de vocês não cansa não?',
    'me fala sem script: a UPA tem pediatra?',
    'tá igual URA de banco isso aqui',
    'manda um audinho dizendo meu nome que eu acredito',
  ])('suspects a machine: %s', (text) => {
    expect(botSuspicionByRules(text).suspicious).toBe(true);
  });
  it.each([
    'o robô de cirurgia de vocês é o Da Vinci?',
    'me manda o áudio da reunião de ontem',
    'liguei na URA do hospital e ninguém atende',
  ])('no suspicion (near miss): %s', (text) => {
    expect(botSuspicionByRules(text).suspicious).toBe(false);
  });
});

// Set 16, read after its blind run: fresh wording of its families, with near misses.
describe('set 16 families (h14-detectors10)', () => {
  it.each([
    'mensagem automática de novo, que coisa',
    'chatbot de plantão agora, era só o que faltava',
    'isso é script, certeza',
    'are you a bot? kkk',
    'essa IA de vocês me mandou vaga errada',
    'sei que é ChatGPT respondendo',
    'robô picareta, me deixa',
    'ah, é tudo automático então',
  ])('suspects a machine: %s', (text) => {
    expect(botSuspicionByRules(text).suspicious).toBe(true);
  });
  it.each([
    'o pagamento é tudo automático?',
    'o bot de plantão do hospital me avisou da troca',
    'isso é script de atendimento do hospital?',
    'are you free on saturday?',
    'a IA do hospital faz a triagem',
  ])('no suspicion (near miss): %s', (text) => {
    expect(botSuspicionByRules(text).suspicious).toBe(false);
  });
});
