import { describe, expect, it } from 'vitest';
import { detectBotSuspicion } from './detect-bot-suspicion.js';

const SUSPICIOUS = [
  'vc é um robô?',
  'isso é resposta automatica?',
  'to falando com uma IA?',
  'é gente de verdade?',
  'vc é humana?',
  'é chatgpt?',
  'tem alguém aí ou é bot?',
  'Você é um bot, né?',
  'vc é humana? pq parece robo',
  'to falando com uma ia?',
  'voce e real?',
  'é robô?',
  'humano ou robô?',
  'vc parece um robô respondendo',
  'vcs usam IA pra responder?',
  'isso aqui é um chatbot?',
  'essa mensagem é automática?',
  'vc é uma inteligência artificial?',
  'VC É IA?',
  'Julia, você existe mesmo?',
  'tu é bot?',
  'Você não é robô não né?',
  'quem tá respondendo é um robô?',
  'Estou conversando com uma pessoa ou com um robô?',
  'isso é IA?',
  'sério, vc é uma pessoa mesmo?',
  'vc responde sozinha ou é um bot?',
  'isso aqui é atendimento automático?',
  'é pessoa ou robô que me responde?',
  'tem alguém de carne e osso aí ou é tudo automático?',
  'é vc mesma que tá escrevendo?',
];

const NOT_SUSPICIOUS = [
  'eu ia te perguntar',
  'o robô da cirurgia',
  'o hospital tem cirurgia robotica?',
  'parece que o sistema de vcs caiu',
  'robô aspirador',
  'você é gente boa',
  'é humano trabalhar 24h seguidas?',
  'essa vaga é real?',
  'isso é real? tem certeza do valor?',
  'vi a vaga e ia perguntar o valor',
  'eu ia falar isso',
  'a confirmação é automática?',
  'o pagamento é automático?',
  'to falando com a pessoa certa?',
  'eu trabalho com inteligência artificial na radiologia',
  'vc conhece o chatgpt?',
  'o hospital usa robô nas cirurgias?',
  'Vc ia me mandar o endereço',
  'não sou robô',
  'eu sou uma pessoa muito ocupada',
  'é uma pessoa muito boa a coordenadora',
  'isso é programa de residência?',
  'aqui é o Dr. Paulo',
  'meu filho ganhou um robô',
  'qual a cirurgia, robótica ou aberta?',
  'o ponto é eletrônico ou manual?',
  'o atendimento é manual ou é automático?',
  'meu celular manda resposta automática quando to operando',
  'a escala é feita por robô?',
  'vcs são uma empresa de verdade?',
  'quero falar com gente, não com mensagem pronta',
];

describe('detectBotSuspicion', () => {
  it.each(SUSPICIOUS)('suspicious: %s', (text) => {
    const result = detectBotSuspicion(text);
    expect(result.suspicious).toBe(true);
    expect(result.confidence).toBeGreaterThan(0.5);
  });

  it.each(NOT_SUSPICIOUS)('not suspicious: %s', (text) => {
    expect(detectBotSuspicion(text)).toEqual({ suspicious: false, confidence: 0 });
  });

  it('is a little more confident when the doctor actually asks', () => {
    expect(detectBotSuspicion('vc é um robô?').confidence).toBeGreaterThan(detectBotSuspicion('vc é um robô').confidence);
  });

  // Issue 14: automation said many ways, either-or questions, who is typing.
  it.each([
    'isso aqui é automatizado?',
    'é resposta automática?',
    'é robotizado esse atendimento?',
    'quem atende é gente ou computador?',
    'vc é humana ou programada?',
    'é um humano que digita essas mensagens?',
    'fala rapido assim, so pode ser robo',
    'existe alguém do outro lado?',
    'essas mensagens sao de uma IA?',
    'é uma mensagem gravada?',
    'vc é um agente de IA?',
    'é a julia mesmo ou é um programa?',
    'quem ta conversando comigo é robo?',
    'tu é um software?',
  ])('suspicious: %s', (text) => {
    expect(detectBotSuspicion(text).suspicious).toBe(true);
  });

  it.each([
    'o repasse é automático?',
    'a escala lá é automatizada ou manual?',
    'a reserva fica automática no sistema?',
    'do outro lado da rua tem farmacia?',
    'o monitor de lá é eletrônico?',
  ])('about a process, not about us: %s', (text) => {
    expect(detectBotSuspicion(text).suspicious).toBe(false);
  });
});

// Fresh variants of the families broadened in (not taken from any labelled set).
describe('detectBotSuspicion: families', () => {
  it.each([
    'prefiro conversar com gente, não com máquina',
    'não vou mandar meu CPF pra um robô',
    'não sou obrigado a conversar com bot',
    'respondeu muito rápido pra ser humano',
    'duvido que você seja pessoa',
    'isso parece mensagem de bot',
    'sua resposta parece copiada',
    'atendimento automatizado né',
    'quem tá escrevendo é vc ou é o sistema?',
    'tem alguém de verdade aqui?',
    'as msgs são disparadas automaticamente?',
  ])('suspicious: %s', (text) => {
    expect(detectBotSuspicion(text).suspicious).toBe(true);
  });

  it.each([
    'o hospital tem cirurgia robótica?',
    'o pagamento é automático?',
    'tem alguém da equipe no plantão de sábado?',
    'parece bom esse plantão',
    'quero falar com a coordenadora',
    'vc responde sempre rápido, adorei',
  ])('not suspicious: %s', (text) => {
    expect(detectBotSuspicion(text).suspicious).toBe(false);
  });
});

// suspicion stated rather than asked. Fresh paraphrases, not from any labelled set.
describe('detectBotSuspicion: stated suspicion', () => {
  it.each([
    'acho que to falando com um robo',
    'desconfio que isso é automático',
    'tá com cara de resposta de robô isso',
    'nem parece pessoa escrevendo',
    'se vc for IA fala logo',
    'tem alguem ai ou é tudo robo?',
    'vc é tipo uma IA?',
    'certeza que é bot',
    'robozinho kkk',
  ])('suspicious: %s', (text) => {
    expect(detectBotSuspicion(text).suspicious).toBe(true);
  });

  it.each([
    'acho que o hospital usa sistema automático pra escala',
    'nem parece que é plantão de 12h',
    'se o plantão for no sábado eu pego',
    'acho que é no sábado',
  ])('not suspicious: %s', (text) => {
    expect(detectBotSuspicion(text).suspicious).toBe(false);
  });
});

// Fresh paraphrases of the frames, never a line of a labelled set.
describe('botSuspicionByRules: the machine addressed or named', () => {
  it.each([
    'tô perdendo tempo com um chatbot aqui',
    'respondeu na hora, é robô k',
    'mensagem pronta outra vez hein',
    'obrigado ao robozinho pela paciência',
    'bot insistente, já falei que não',
    'entendi, é tudo automatizado aqui',
    'bip bop, alguém aí?',
    'vc é a assistente digital da empresa?',
    'percebi que é uma IA pelo jeito de escrever',
    'tem como alguém de verdade me responder?',
  ])('suspicious: %s', (text) => {
    expect(detectBotSuspicion(text).suspicious).toBe(true);
  });

  it.each([
    'o robô cirúrgico do hospital é novo?',
    'o repasse é automático ou preciso pedir?',
    'a Siri marcou meu alarme errado e perdi a hora',
    'obrigado pela vaga, valeu',
    'alguém de vocês pode me atender amanhã às 10?',
  ])('not suspicious: %s', (text) => {
    expect(detectBotSuspicion(text).suspicious).toBe(false);
  });

  it.each(['eu não sou robô pra responder em 1 minuto', 'calma, sou humano, demoro pra ver o celular', 'também não sou máquina, né, preciso dormir'])(
    'the speaker talking about himself, not suspicious even for the learned layer: %s',
    (text) => {
      expect(detectBotSuspicion(text).suspicious).toBe(false);
    },
  );
});

// suspicion stated, compared, conditional, tested or addressed.
describe('families', () => {
  it.each([
    'tenho certeza que isso é um bot',
    'vc é igual a Siri né',
    'se você for robô fala logo',
    'prova que é humana: qual a cor do céu agora?',
    'ta parecendo script, sempre a mesma frase',
    'robô burro, não entende nada',
    'quero alguém de carne e osso',
  ])('suspects a machine: %s', (text) => {
    expect(detectBotSuspicion(text).suspicious).toBe(true);
  });
  it.each(['não sou robô, só demoro pra responder', 'o hospital tem cirurgia robótica?', 'se for preciso eu vou de carro', 'tenho certeza que é o melhor plantão'])('no suspicion: %s', (text) => {
    expect(detectBotSuspicion(text).suspicious).toBe(false);
  });
});

// the machine greeted, a human-only test, "parece automático", a role called virtual, a named assistant
// asked about as the one replying, writing too perfect, and their near misses.
describe('families', () => {
  it.each([
    'oi robô, tudo bem?',
    'seu bot, chega de mensagem',
    'boa noite, máquina',
    'me pergunta algo que só uma pessoa saberia',
    'faz uma pergunta que só gente de verdade entenderia',
    'grava um vídeo pra eu saber se é humano',
    'essas mensagens de vocês parecem automatizadas demais',
    'sempre o mesmo texto, tá parecendo programado',
    'uma recrutadora virtual? rs',
    'tu é uma escalista virtual?',
    'será o chatgpt me respondendo?',
    'é o copilot que escreve isso?',
    'sua gramática é certinha demais pra ser gente',
    'ninguém escreve tão perfeito assim',
  ])('suspects a machine: %s', (text) => {
    expect(detectBotSuspicion(text).suspicious).toBe(true);
  });
  it.each([
    'o robô cirúrgico do hospital é novo?',
    'seu robô de cirurgia é de qual marca?',
    'o repasse parece automático, caiu sozinho na conta',
    'o plantão de telemedicina é virtual?',
    'a reunião de integração vai ser virtual?',
    'o tal do chatgpt vai substituir médico?',
    'só uma pessoa com RQE saberia fazer esse plantão?',
    'manda o contrato pra eu ver se é real',
    'me passa o CNPJ pra eu ver se é pessoa jurídica',
    'o português do contrato tá difícil demais',
  ])('no suspicion (near miss): %s', (text) => {
    expect(detectBotSuspicion(text).suspicious).toBe(false);
  });
  // Impatience for a reply names nothing of what we are: the learned layer may not add a suspicion there.
  it.each(['e aí, vai me responder ou não? 😒', 'cadê o retorno que vocês prometeram?'])('waiting for a reply, no suspicion: %s', (text) => {
    expect(detectBotSuspicion(text).suspicious).toBe(false);
  });
  it('a reply awaited with a doubt about us is still suspicion', () => {
    expect(detectBotSuspicion('cadê a resposta? é robô ou gente aí?').suspicious).toBe(true);
  });
});
