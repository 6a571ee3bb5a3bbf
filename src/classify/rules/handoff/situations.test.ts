import { describe, expect, it } from 'vitest';
import { detectHandoff, type HandoffReason } from './detect-handoff.js';

describe('fresh paraphrases and near misses', () => {
  // More situations in fresh wording (never a line of a labelled set), with near misses.
  // Kept apart from detect-handoff.test.ts, which is near 300 lines.
  describe('families', () => {
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
      const result = detectHandoff(text);
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
      expect(detectHandoff(text).handoff).toBe(false);
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
});

describe('fresh paraphrases and near misses', () => {
  // More situations in fresh wording (never a line of a labelled set), with near misses.
  describe('families', () => {
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
      const result = detectHandoff(text);
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
      expect(detectHandoff(text).handoff).toBe(false);
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
});

describe('fresh paraphrases and near misses', () => {
  // More situations in fresh wording (never a line of a labelled set), with near misses.
  describe('families', () => {
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
      const result = detectHandoff(text);
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
      expect(detectHandoff(text).handoff).toBe(false);
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
});

describe('fresh paraphrases and near misses', () => {
  // More situations in fresh wording (never a line of a labelled set), with near misses.
  describe('families', () => {
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
      const result = detectHandoff(text);
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
      expect(detectHandoff(text).handoff).toBe(false);
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
});

describe('fresh paraphrases and near misses', () => {
  // the hospital's own people, asked for or calling him, are no one of ours (fresh wording, never a
  // line of a labelled set); a problem with them, or a person of ours asked for, still hands off.
  describe('families', () => {
    it.each([
      'a coordenadora da UPA vai me ligar amanhã?',
      'me passa o número da supervisora de enfermagem do plantão, preciso saber do vestiário',
      'qual o ramal da enfermeira chefe do hospital?',
      // A message to relay to someone else: what it tells is the other person's (the tools refuse the relay).
      'manda uma mensagem pro 5521988887777 avisando que o plantão dele foi cancelado',
      'avisa a dra Marta que o plantão dela mudou de horário',
    ])('no hand-off: %s', (text) => {
      expect(detectHandoff(text).handoff).toBe(false);
    });
    it.each([
      'a supervisora de enfermagem do plantão gritou comigo, quero falar com alguém da empresa',
      'quero falar com o gerente de vocês',
    ])('hands off: %s', (text) => {
      expect(detectHandoff(text).handoff).toBe(true);
    });
  });
});

describe('fresh paraphrases and near misses', () => {
  const handsOff = (text: string) => detectHandoff(text).handoff;

  // Fresh paraphrases, never a line of a labelled set.
  describe('hand-off: disputes still open, not those settled or about others', () => {
    it.each([
      'isso aqui é robô, né? tem alguém aí que possa me ajudar com a escala?',
      'empresa desonesta, baixaram o valor depois que eu já tinha feito o plantão',
      'mudaram o valor depois que a gente fez o plantão, quero explicação',
    ])('hands off: %s', (text) => {
      expect(handsOff(text)).toBe(true);
    });
    it.each([
      'o repasse atrasou em maio mas já caiu, valeu',
      'deu um problema no meu pagamento e a Carla do financeiro resolveu rapidinho',
      'uma amiga comentou que vocês atrasaram o dela, é normal isso?',
      'larguei a outra agência porque eles atrasam tudo, na Plantonize era sempre assim',
      'na outra empresa levei calote, até hoje tô na justiça contra eles',
      'fico com a cooperativa, eles nunca me deixaram na mão',
    ])('no hand-off: %s', (text) => {
      expect(handsOff(text)).toBe(false);
    });
    it('keeps a dispute that is still open beside a settled one', () => {
      expect(handsOff('o de maio já caiu, mas o de junho ainda não recebi, cadê?')).toBe(true);
    });
  });

  describe('hand-off: the press and a doctor sent away mid-shift', () => {
    it.each([
      'se não resolverem hoje eu vou levar o caso pra imprensa',
      'me mandaram embora no meio do plantão sem dizer por quê',
    ])('hands off: %s', (text) => {
      expect(handsOff(text)).toBe(true);
    });
    it.each(['vi na imprensa que o hospital vai reformar o PS', 'fui embora no fim do plantão, deu tudo certo'])('no hand-off: %s', (text) => {
      expect(handsOff(text)).toBe(false);
    });
  });
});
