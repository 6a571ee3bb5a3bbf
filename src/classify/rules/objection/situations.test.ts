import { describe, expect, it } from 'vitest';
import { classifyLine } from '../../../cli/classify.js';
import { createDetectors } from '../../neighbours/create-detectors.js';

// Every assertion reads a final verdict: the layered detector (`label`) or the whole classification (`classified`),
// never one layer alone, so a test cannot pass while the product answers otherwise.
const detectors = createDetectors();
const label = (text: string) => detectors.detect(text).objection.label;
const classified = (text: string) => classifyLine(detectors, { text }).objection;

describe('fresh paraphrases and near misses', () => {

  // Fresh paraphrases (never a line of a labelled set), each family with its near misses.
  describe('families', () => {
    it('reads a place that fails its staff as qualidade', () => {
      for (const text of [
        'fiquei sozinha na emergência com 35 pacientes, sem outro médico',
        'me largaram sozinho na UTI de 12 leitos, sem enfermeiro nenhum',
        'aquela UPA é perigosa demais, não vou',
        'ontem teve tiroteio na frente do PS e ninguém fechou nada',
        'um plantonista de lá já foi agredido na recepção',
        'o pronto-socorro é meio bagunçado, aviso logo',
        'a coordenadora de lá é muito grossa com a gente',
      ]) expect(label(text), text).toBe('qualidade');
      // Near misses: the region around a place is a risk, a question about the team is none.
      expect(classified('a região do hospital é violenta de noite?')).not.toBe('qualidade');
      expect(classified('a equipe de lá é boa?')).toBeNull();
      expect(classified('vou ficar sozinho no plantão?')).not.toBe('qualidade');
    });

    it('reads the amount against the promised one, unpaid hours and prices called a joke as preco', () => {
      for (const text of [
        'falaram 2.200 e no fim depositaram 1.700',
        'fiquei 3h além do horário e não pagaram essas horas',
        'esses preços de vocês são uma piada',
        'se continuarem mandando plantão de 700 eu saio do grupo',
      ]) expect(label(text), text).toBe('preco');
      // Near misses: a promise of a time, hours asked about, a value quoted.
      expect(classified('prometeram que eu saía às 7 e saí às 7, tudo certo')).toBeNull();
      expect(classified('essas horas extras vão ser pagas quando?')).not.toBe('preco');
      expect(classified('o plantão de 1.500 ainda está aberto?')).toBeNull();
    });

    it('reads fear of a late payment repeating, or of not being paid for a missing name, as risco', () => {
      for (const text of [
        'o município está com os repasses atrasados, aposto que o de vocês vai atrasar também',
        'já atrasou uma vez e fico preocupada que possa acontecer de novo',
        'meu nome sumiu da escala do hospital, e aí, vou receber como?',
      ]) expect(label(text), text).toBe('risco');
      expect(classified('como vou receber o informe, por email?')).not.toBe('risco');
    });

    it('reads a clause nobody explained and a document he is made to sign as processo', () => {
      expect(label('tem uma cláusula de rescisão nesse contrato que ninguém me mostrou')).toBe('processo');
      expect(label('a diretoria está obrigando que eu assine uma declaração sobre os aparelhos')).toBe('processo');
      // Near miss: asking the legal team about a clause is none.
      expect(classified('quero falar com o jurídico sobre a cláusula de multa')).toBeNull();
    });

    it('reads how we message him as comunicacao', () => {
      for (const text of [
        'toda hora aparece mensagem de vocês bem no meio do atendimento',
        'vocês levam uma eternidade pra responder',
        'não mandem vaga pelo grupo, prefiro no privado',
        'ok, mas avisem com mais antecedência da próxima',
        'vc nunca responde o que eu pergunto, parece máquina',
        'nem o meu nome vocês colocaram na mensagem',
      ]) expect(classified(text), text).toBe('comunicacao');
      // Near misses: a bot question about a mass send, a late reply explained, a group named without complaint.
      expect(classified('é um robô de disparo em massa?')).toBeNull();
      expect(classified('desculpa, demorei pra responder, tava operando')).toBeNull();
      expect(classified('entrei no grupo de vocês ontem')).toBeNull();
    });

    it('reads a specialty, a region and a distance as disponibilidade', () => {
      for (const text of [
        'sou pediatra, esse plantão de ortopedia não é pra mim',
        'para UTI não me chama, agora só pego clínica',
        'não estou pegando plantão no litoral por ora, capital continua valendo',
        'sou de Sorocaba, não consigo ir até Campinas toda semana',
      ]) expect(label(text), text).toBe('disponibilidade');
      expect(classified('sou pediatra, tem plantão de pediatria?')).toBeNull();
    });

    it('reads later-not-never and a week already full as tempo, and a pause with no date as none', () => {
      expect(label('saí agora de um plantão de 24h, semana que vem você me procura')).toBe('tempo');
      expect(label('complicado, tenho consultório de segunda a sexta e plantão fixo no sábado')).toBe('tempo');
      expect(classified('esse mês eu paro, mês que vem manda de novo')).toBeNull();
    });

    it('reads another arrangement he keeps as lealdade, and another company left behind as none', () => {
      for (const text of [
        'sempre pego pelo grupo da minha antiga residência',
        'trabalho direto com a prefeitura, sem intermediário no meio',
        'uso o app da MedPlan, resolve bem',
        'estou com a EscalaJá há 4 anos, não vejo motivo pra trocar',
      ]) expect(label(text), text).toBe('lealdade');
      for (const text of [
        'apaguei o app da outra empresa, agora só pego com vocês',
        'cancelei minha conta na outra plataforma, mandavam mensagem demais',
        'a outra empresa tinha um bot horrível, vc é pessoa mesmo?',
      ]) expect(classified(text), text).toBeNull();
    });

    it('reads plantão set aside for the body, age or family as motivacao', () => {
      for (const text of [
        'no máximo 12h, meu corpo já não aguenta 24',
        'tô ficando velho pra virar noite',
        'minha esposa pediu pra eu largar os plantões, tô pensando',
        'parei de dar plantão, agora só consultório',
      ]) expect(label(text), text).toBe('motivacao');
      // Near miss: age in a joke with no kind of work named.
      expect(classified('tô velho pra isso kkk')).toBeNull();
    });

    it('reads our use of his CRM and data as confianca', () => {
      expect(label('colocaram meu CRM numa escala de Sorocaba sem eu saber')).toBe('confianca');
      expect(label('vocês seguem a LGPD né? como armazenam meus documentos?')).toBe('confianca');
      expect(label('antes de aceitar queria uma referência de algum colega')).toBe('confianca');
      expect(classified('meu CRM é de Minas, serve?')).toBeNull();
    });

    it('reads no objection in neutral lines and in a legal threat beside a stop', () => {
      for (const text of [
        'pode deixar o lembrete de lado, não precisa mandar o lembrete, já anotei',
        'a vaga está confirmada? só pra garantir',
        'saio do emprego em março, aí vou ter mais tempo pra pegar plantão',
        'pode me reenviar o contrato? sumiu do meu email',
        'estou num curso em Recife até sábado, segunda te respondo com calma',
        'parem qualquer contato comigo, meu advogado já tem os prints',
        'exijo a remoção dos meus dados pessoais. caso isso não seja feito em 24h aciono a ANPD',
        'me descadastra de tudo: email, sms, whatsapp',
        'me esquece, não me chama mais pra nada',
      ]) expect(classified(text), text).toBeNull();
    });
  });
});

describe('fresh paraphrases and near misses', () => {

  // Fresh paraphrases (never a line of a labelled set), each family with its near misses.
  describe('families', () => {
    it('reads how often, how alike and how unanswered our messages are as comunicacao', () => {
      for (const text of [
        'já é a terceira mensagem de vocês hoje, calma',
        'vaga demais toda hora, assim não dá',
        'dá pra mandar menos mensagem? duas por semana basta',
        'vocês mandam mensagem 24 horas por dia?',
        'me ligaram 4 vezes de manhã enquanto eu estava atendendo',
        'sempre igual toda vez, "oi doutor", cansa',
        'recebi de novo a mesma mensagem de ontem',
        'o texto que vc me mandou tá igualzinho ao que chegou pro meu colega, é robô?',
        'resposta automática de novo? vc nem lê o que eu mando',
        'faz uma semana que ninguém me dá resposta sobre a troca',
        'perguntei o horário duas vezes e você não respondeu',
      ]) expect(label(text), text).toBe('comunicacao');
      // Near misses: his own sending, the style of one reply, a count that is not ours, a question about the group.
      expect(classified('mandei os documentos 3 vezes já')).not.toBe('comunicacao');
      expect(classified('sua resposta parece copiada, é algum script?')).toBeNull();
      expect(classified('já é a terceira vez que trabalho nesse hospital, gosto de lá')).toBeNull();
      expect(classified('o colega disse que é igual ao plantão de sábado?')).toBeNull();
      expect(classified('perguntei pro colega e ele respondeu que é tranquilo')).toBeNull();
    });

    it('reads a payment short of what was due as preco, a fine over a clause not', () => {
      for (const text of [
        'caíram 900 em vez de 1.500 na conta, alguém vê isso?',
        'fiquei 16h e só me pagaram 12, faltam 4 horas',
        'o adicional noturno não caiu esse mês',
        'estão descontando uma taxa que ninguém me falou',
        'me deram um contrato diferente do que vocês mandaram, com valor menor por hora',
        '95 por hora em pronto-socorro? aqui ninguém aceita isso',
      ]) expect(label(text), text).toBe('preco');
      // Near misses: an amount asked about, a fine over a clause, hours paid in full.
      expect(classified('vai cair 1.500 ou 1.400 líquido?')).toBeNull();
      expect(classified('estão cobrando uma multa por uma cláusula que eu não assinei')).not.toBe('preco');
      expect(classified('pagaram as 12 horas certinho, obrigado')).toBeNull();
    });

    it('reads a heavy or loathed place, its broken system and violence inside it as qualidade', () => {
      for (const text of [
        'aquele hospital é pesado demais, passo',
        'naquele PS não volto nem amarrada',
        'a gestão de lá é uma zona, não quero mais',
        'o sistema do hospital é péssimo, trava em toda evolução',
      ]) expect(label(text), text).toBe('qualidade');
      expect(classified('o plantão foi pesado hoje, mas tranquilo')).toBeNull();
      expect(classified('a gestão de lá mudou esse mês?')).toBeNull();
    });

    it('reads fear for a payment still to come as risco', () => {
      for (const text of [
        'e se a empresa falir, quem me paga os plantões feitos?',
        'quem paga se a clínica fechar no meio do mês?',
        'tem muita empresa de plantão sumindo com o dinheiro dos médicos',
      ]) expect(label(text), text).toBe('risco');
      expect(classified('quem paga o estacionamento, o hospital?')).toBeNull();
      expect(classified('e se o hospital fechar a escala antes, vocês avisam?')).not.toBe('risco');
    });

    it('reads his data withheld from a machine, his name used and our source of his number as confianca', () => {
      for (const text of [
        'não vou mandar meus documentos pra um bot',
        'é uma IA? quero saber antes de enviar meus dados',
        'usaram meu nome numa escala que eu nunca aceitei',
        'me diz de onde vocês tiraram meu contato',
      ]) expect(label(text), text).toBe('confianca');
      expect(classified('pode mandar meus documentos pro hospital?')).toBeNull();
      expect(classified('de que cidade é o hospital?')).not.toBe('confianca');
    });

    it('reads a pause in weeks or to a season and nights already taken as tempo', () => {
      for (const text of [
        'me dá uma pausa de 3 semanas, tô de mudança',
        'até o natal tô fora, depois me procura',
        'o emprego da prefeitura toma todas as minhas noites',
      ]) expect(label(text), text).toBe('tempo');
      expect(classified('qual a pausa de descanso no plantão?')).toBeNull();
      expect(classified('até o natal tem vaga?')).toBeNull();
    });

    it('reads our app freezing and documents asked again as processo, the traffic and no training otherwise', () => {
      expect(label('o app de vocês trava toda hora quando mando foto do CRM')).toBe('processo');
      expect(label('mais documento ainda? já mandei tudo')).toBe('processo');
      expect(label('não quero vaga em Osasco, o trânsito pra chegar é inviável')).toBe('disponibilidade');
      expect(label('sala de parto não, não tenho treinamento pra isso')).toBe('disponibilidade');
      // Near misses: a problem in the registration that holds the payment, a delay told.
      expect(classified('um problema no meu cadastro trava o pagamento, quem vê?')).toBeNull();
      expect(classified('peguei trânsito, chego em 10 minutos')).toBeNull();
    });

    it('reads leaving medicine as motivacao and a habit with another app as lealdade, a third party not', () => {
      expect(label('não atuo mais como médico, migrei para a área de pesquisa')).toBe('motivacao');
      expect(label('vou ficar com a outra mesmo, já tô acostumada com o aplicativo')).toBe('lealdade');
      expect(classified('meu colega não faz mais plantão, tira o número dele')).toBeNull();
    });

    it('holds nothing against us in praise, a kept group, a late arrival, a link, a number of someone gone', () => {
      for (const text of [
        'vocês são os melhores, a outra plataforma só me enrolava',
        'nem pensem em me tirar desse grupo kkk',
        'vou apagar o app daquela outra, só dá dor de cabeça',
        'saí do grupo do hospital, aqui com você é bem melhor',
        'plantão meio puxado, mas deu tudo certo',
        'engarrafamento absurdo, vou chegar uns 15 min atrasado',
        'me passa o link do cadastro?',
        'esse telefone era da minha mãe, ela faleceu ano passado',
      ]) expect(label(text), text).toBeNull();
    });
  });
});

describe('fresh paraphrases and near misses', () => {

  // Fresh paraphrases (never a line of a labelled set), each family with its near misses.
  describe('families', () => {
    it('reads no will left for plantão, said without tiredness, as motivacao', () => {
      for (const text of [
        'tô sem cabeça pra plantão esse semestre',
        'quero é sossego agora, obrigado',
        'plantão pra mim é coisa do passado, agora é outra fase',
        'agora quero só consultório, chega de PS',
        'não tô precisando de renda extra, pode deixar',
        'esse ano tô pegando leve, sem plantão',
        'não aguento mais virar a noite, já deu',
      ]) expect(label(text), text).toBe('motivacao');
      expect(classified('quero só consultório de pediatria na zona sul, tem?')).not.toBe('motivacao');
      expect(classified('tô precisando de dinheiro, manda o que tiver')).toBeNull();
    });

    it('reads a place called rotten, badly run or hostile to doctors from outside as qualidade', () => {
      for (const text of [
        'aquele hospital de Caucaia é uma roubada',
        'a UPA do centro é um lixo, não volto',
        'a gestão de lá anda desorganizada demais',
        'dizem que lá tratam mal os plantonistas de fora',
        'o prontuário eletrônico de lá cai toda hora',
      ]) expect(label(text), text).toBe('qualidade');
      expect(classified('o hospital é uma referência em trauma')).toBeNull();
      expect(classified('a gestão de lá é nova?')).toBeNull();
    });

    it('reads the amount against disbelief, another payer or the hours worked as preco', () => {
      for (const text of [
        '900 reais pra 12h em Belém? tá de brincadeira',
        'a cooperativa daqui paga o dobro disso',
        'prometeram 1.800 e pagaram 1.300',
        'pagaram só 6 horas e eu fiz 12',
      ]) expect(label(text), text).toBe('preco');
      expect(classified('900 reais pra 12h, fechado, pode reservar')).toBeNull();
      expect(classified('prometeram que ia ter ar condicionado')).toBeNull();
    });

    it('reads not knowing us before giving documents as confianca', () => {
      for (const text of [
        'vocês têm escritório físico? queria conhecer antes',
        'não mando RG pra quem eu não conheço',
        'um amigo falou mal de vocês, disse que somem',
        'preciso saber com quem tô lidando antes de mandar meus dados',
      ]) expect(label(text), text).toBe('confianca');
      expect(classified('qual o endereço do hospital?')).toBeNull();
    });

    it('reads a CRM of one state and a journey by boat as disponibilidade', () => {
      for (const text of [
        'meu CRM é só de Goiás, não dá pra Brasília',
        'não tenho mais CRM ativo no Rio',
        '4h de balsa pra chegar? inviável',
      ]) expect(label(text), text).toBe('disponibilidade');
      expect(classified('meu CRM é 123456-SP')).toBeNull();
    });

    it('reads paperwork like a public contest as processo, a vanished payer as risco, offers mixed up as comunicacao', () => {
      expect(label('pedem ASO, cartão de vacina e certidão, parece concurso')).toBe('processo');
      expect(label('o credenciamento leva 45 dias, até lá já foi')).toBe('processo');
      expect(label('a última agência sumiu com o dinheiro de todo mundo')).toBe('risco');
      expect(label('vem tudo misturado, pediatria com ortopedia, não consigo achar nada')).toBe('comunicacao');
      expect(label('é notificação pipocando o dia inteiro')).toBe('comunicacao');
      expect(classified('o pagamento sumiu do extrato?')).toBeNull();
    });

    it('reads a holiday roster dropped for a trip as tempo and an exclusive contract as lealdade', () => {
      expect(label('me tira da escala de natal, vou viajar com a família')).toBe('tempo');
      expect(label('tenho contrato de exclusividade com a fundação, não posso')).toBe('lealdade');
      expect(classified('a escala de natal já saiu?')).toBeNull();
    });
  });
});

describe('fresh paraphrases and near misses', () => {

  // Fresh paraphrases (never a line of a labelled set), each family with its near misses.
  describe('families', () => {
    it('reads plantão left altogether as motivacao, whatever specialty is named beside it', () => {
      for (const text of [
        'fui pra radiologia e não faço mais plantão, obrigado',
        'larguei os plantões, agora é só pesquisa',
        'ele decidiu parar com plantão depois do infarto',
        'tô com burnout, preciso sair disso',
      ]) expect(label(text), text).toBe('motivacao');
      expect(classified('não faço mais plantão noturno, só diurno')).not.toBe('motivacao');
      expect(classified('larguei os plantões de fim de semana')).not.toBe('motivacao');
    });

    it('reads a time clock that fails, a shift shown as refused and mandatory training as processo', () => {
      for (const text of [
        'o aplicativo de ponto de vocês não abre de jeito nenhum',
        'o relógio de ponto de lá vive caindo',
        'aceitei no app mas ficou como recusado',
        'tem treinamento obrigatório sem remuneração? desanima',
      ]) expect(label(text), text).toBe('processo');
      expect(classified('como funciona o ponto lá?')).toBeNull();
    });

    it('reads long payment terms, money owed and a delayed transfer as risco', () => {
      for (const text of [
        'vocês pagam em 60 dias? aí complica pra mim',
        'noventa dias depois do plantão? absurdo',
        'vocês me devem o plantão de agosto',
        'atrasaram meu repasse de novo',
        'trabalhei e não vi um centavo até agora',
      ]) expect(label(text), text).toBe('risco');
      expect(classified('vocês pagam em quantos dias?')).toBeNull();
      expect(classified('em 30 dias eu volto a pegar plantão')).toBeNull();
    });

    it('reads hours paid as fewer, a fine, a value changed after acceptance and disbelief at R$ per hour as preco', () => {
      for (const text of [
        'trabalhei 12h e pagaram como 6',
        'me cobraram uma multa por desistir com 15 dias de aviso',
        'o valor mudou depois que eu aceitei, não é justo',
        'R$ 800 por 12h de UTI? é piada',
      ]) expect(label(text), text).toBe('preco');
      expect(classified('R$ 800 por 12h? fechado, pode reservar')).toBeNull();
    });

    it('reads offers sent at the last minute, at dawn, or answering another question as comunicacao', () => {
      for (const text of [
        'mandaram a vaga em cima da hora de novo',
        'mensagem de vocês de madrugada não dá',
        'perguntei o valor e você mandou o endereço',
      ]) expect(label(text), text).toBe('comunicacao');
      expect(classified('e se cancelarem em cima da hora, eu recebo?')).not.toBe('comunicacao');
    });

    it('reads his agenda, his fixed profile, his happy alternative, his data and the place', () => {
      expect(label('tô sem datas livres no próximo mês')).toBe('tempo');
      expect(label('vou ficar dois meses fora, tenho residência')).toBe('tempo');
      expect(label('não sou ortopedista, não adianta mandar')).toBe('disponibilidade');
      expect(label('minha disponibilidade é restrita às terças')).toBe('disponibilidade');
      expect(label('minha escala tá fechada com a cooperativa e estou satisfeita')).toBe('lealdade');
      expect(label('não autorizo o uso dos meus dados, tirem tudo')).toBe('confianca');
      expect(label('lá fica um médico só pra 60 pacientes')).toBe('qualidade');
      expect(classified('sou ortopedista, tem vaga de ortopedia?')).toBeNull();
    });
  });

  // Fresh wording of families first met in blind runs, with near misses.
  describe('families', () => {
    it('reads the owner who left plantão, told by someone for him, as motivacao', () => {
      expect(label('sou a secretária da Dra. Núbia, ela não atende mais plantão e pediu pra tirarem o contato')).toBe('motivacao');
      expect(classified('sou a secretária da Dra. Núbia, ela pediu pra confirmar o plantão')).toBeNull();
    });
    it('reads a roster or time-clock app that fails as processo', () => {
      expect(label('o app de escala não abre no meu celular, não consigo confirmar')).toBe('processo');
      expect(label('a biometria do ponto nunca reconhece meu dedo')).toBe('processo');
    });
    it('reads a month to be called back in and a date already taken as tempo', () => {
      expect(label('me chama em setembro, agora tô no internato')).toBe('tempo');
      expect(label('já peguei outro pra essa data, foi mal')).toBe('tempo');
      expect(classified('em setembro tem plantão lá?')).toBeNull();
    });
    it('reads no energy left and nothing more of plantão as motivacao', () => {
      expect(label('não tenho mais pique pra isso, 30 anos de PS')).toBe('motivacao');
      expect(label('não quero mais saber de plantão, sério')).toBe('motivacao');
      expect(classified('não quero mais saber de plantão de vocês, me esquece')).not.toBe('motivacao');
    });
    it('reads a floor per hour and a missing extra as preco, a dangerous street as qualidade', () => {
      expect(label('só me chama pra plantão acima de 160 a hora')).toBe('preco');
      expect(label('faltou o adicional de insalubridade no pagamento')).toBe('preco');
      expect(label('fica num bairro perigoso, já assaltaram uma enfermeira lá')).toBe('qualidade');
      expect(classified('tem alguma vaga acima de 2 mil?')).toBeNull();
    });
    it('reads repeated messages, reminders piled up and our slowness as comunicacao', () => {
      expect(label('4 mensagens iguais em meia hora, calma')).toBe('comunicacao');
      expect(label('que demora pra me responderem, hein')).toBe('comunicacao');
      expect(classified('desculpa a demora pra responder, tava operando')).toBeNull();
    });
    it('reads one city only and a kind refused for good as disponibilidade, a fixed team as lealdade', () => {
      expect(label('só pego plantão em Niterói')).toBe('disponibilidade');
      expect(label('não tenho interesse em plantão fora de Recife')).toBe('disponibilidade');
      expect(label('já sou da equipe fixa do PS do Hospital Ipê e tô feliz lá')).toBe('lealdade');
      expect(classified('só pego no mesmo hospital de sempre')).not.toBe('disponibilidade');
    });
  });

  // Plain lexical gaps, in fresh wording, with near misses.
  describe('families', () => {
    it('reads a payment that never came as risco and a smaller one as preco', () => {
      expect(label('o repasse de março não foi depositado até agora')).toBe('risco');
      expect(label('e nada do pagamento, hein')).toBe('risco');
      expect(label('veio 350 a menos no meu extrato')).toBe('preco');
      expect(label('não gostei desse valor, sinceramente')).toBe('preco');
      expect(classified('o plantão foi pago direitinho, obrigado')).toBeNull();
      expect(classified('quanto tempo pra cair o pagamento?')).toBeNull();
    });
    it('reads mandatory training and a clock app that freezes as processo, years elsewhere as lealdade', () => {
      expect(label('tem treinamento obrigatório antes? aí não')).toBe('processo');
      expect(label('o app de ponto travou e não marcou minha saída')).toBe('processo');
      expect(label('tô com a cooperativa faz 5 anos, tô bem')).toBe('lealdade');
      expect(classified('tô com a agenda livre faz dias')).toBeNull();
    });
    it('reads activities closed as motivacao and humiliation at the place as qualidade', () => {
      expect(label('encerrei minhas atividades em plantão, obrigado')).toBe('motivacao');
      expect(label('o chefe do PS me humilhou, não volto lá')).toBe('qualidade');
      expect(classified('encerrei o plantão agora, tudo certo')).toBeNull();
    });
  });
});

describe('fresh paraphrases and near misses', () => {

  // Fresh paraphrases, never a line of a labelled set.
  describe('families', () => {
    it('reads another arrangement he is closed with as lealdade', () => {
      expect(label('tô fechado com a Unimed, obrigado')).toBe('lealdade');
      expect(label('estou com a MedEscala há anos e não pretendo mudar')).toBe('lealdade');
      expect(classified('tô fechando a agenda do mês')).toBeNull();
    });
    it('reads fewer shifts wanted and enough after years as motivacao', () => {
      expect(label('quero diminuir o ritmo, tô recusando quase tudo')).toBe('motivacao');
      expect(label('depois de 25 anos de plantão, cansei')).toBe('motivacao');
      expect(classified('noturno não me manda mais, tô velha pra isso')).not.toBe('disponibilidade');
    });
    it('reads a channel preferred, a day off-limits, the same offer again, reminders alone as comunicacao', () => {
      expect(label('prefiro falar por email, anota aí')).toBe('comunicacao');
      expect(label('mensagem no domingo não, por favor')).toBe('comunicacao');
      expect(label('para de mandar a mesma vaga, já respondi')).toBe('comunicacao');
      expect(label('me tira só dos lembretes, o resto pode mandar')).toBe('comunicacao');
      expect(classified('o domingo é livre?')).toBeNull();
    });
    it('reads his profile, his agenda, payment doubts and the place', () => {
      expect(label('pode parar de mandar de Franca, nunca vou pra lá')).toBe('disponibilidade');
      expect(label('parei de atender em Guarulhos, só capital agora')).toBe('disponibilidade');
      expect(label('essa semana tô de plantão direto no HU')).toBe('tempo');
      expect(label('depois das férias a gente conversa')).toBe('tempo');
      expect(label('até hoje sem pagamento do plantão de maio')).toBe('risco');
      expect(label('vocês pagam em dia ou atrasam?')).toBe('risco');
      expect(label('aquela UPA fica numa área perigosa, não vou')).toBe('qualidade');
      expect(classified('quem faz a passagem de plantão lá?')).toBeNull();
    });
  });
});

describe('fresh paraphrases and near misses', () => {

  // Fresh paraphrases, never a line of a labelled set.
  describe('families', () => {
    it('reads a pause with its return as tempo, before any motivacao reading', () => {
      expect(classified('vou dar um tempo dos plantões por causa da obra em casa, em março eu volto')).toBe('tempo');
      expect(classified('tô sem cabeça pra plantão agora, me procura daqui uns 3 meses')).toBe('tempo');
      expect(classified('vou dar um tempo, cansei de plantão')).not.toBe('tempo');
    });
    it('reads a fixed roster elsewhere as lealdade, unless it is named for the hours it takes', () => {
      expect(classified('já tenho escala fixa no São Luiz, tô tranquilo')).toBe('lealdade');
      expect(classified('meus plantões fixos com a Unimed me bastam')).toBe('lealdade');
      expect(classified('tenho plantão fixo no domingo, não consigo')).not.toBe('lealdade');
      expect(classified('minha escala fixa no HU ocupa todas as minhas noites')).not.toBe('lealdade');
    });
    it('reads a hospital he will not set foot in again as qualidade', () => {
      expect(classified('no Regional eu não piso mais, a chefia humilha plantonista')).toBe('qualidade');
      expect(classified('tive problema com a coordenação de lá, não quero mais')).toBe('qualidade');
      expect(classified('nesse hospital eu não trabalho mais, manda dos outros')).toBeNull();
    });
    it('reads offers narrowed to a kind or a place as disponibilidade, not a time of day', () => {
      expect(classified('só quero as de UTI adulto, o resto pode deixar')).toBe('disponibilidade');
      expect(classified('manda só quando tiver vaga em Campinas')).toBe('disponibilidade');
      expect(classified('outra vaga em Osasco? eu moro em Mogi')).toBe('disponibilidade');
      expect(classified('só me manda vaga de noite')).not.toBe('disponibilidade');
    });
    it('reads fewer shifts by choice as motivacao', () => {
      expect(classified('quero reduzir bastante esse ano')).toBe('motivacao');
      expect(classified('tô pegando plantão demais, vou segurar')).toBe('motivacao');
      expect(classified('a partir de agora só um por mês')).toBe('motivacao');
      expect(classified('meu colega não faz mais plantão, o número é dele')).toBeNull();
    });
    it.each([
      ['não me mande nada depois das 21h, por favor', 'comunicacao'],
      ['vocês demoraram uma semana pra me responder', 'comunicacao'],
      ['não quero mais receber os lembretes, obrigado', 'comunicacao'],
      ['me avisa antes da próxima vez, fiquei sabendo em cima', 'comunicacao'],
      ['pode mandar mensagem depois das 19h?', null],
      ['desculpa, demorei pra responder, tava operando', null],
    ])('how and when we write is comunicacao, a window he asks for is not: %s', (text, want) => {
      expect(classified(text)).toBe(want);
    });
    it('reads money never paid or paid to the wrong account as risco', () => {
      expect(classified('o plantão de maio nunca foi pago')).toBe('risco');
      expect(classified('o repasse tá atrasado faz 3 semanas')).toBe('risco');
      expect(classified('depositaram numa conta que não é minha')).toBe('risco');
      expect(classified('vocês pagam em dia, né?')).toBeNull();
    });
    it('reads a wrong payment as preco, a company without registration as confianca, a notary as processo', () => {
      expect(classified('pagaram errado de novo')).toBe('preco');
      expect(classified('qual a razão social de vocês?')).toBe('confianca');
      expect(classified('empresa que não informa o CNPJ eu não trabalho')).toBe('confianca');
      expect(classified('não tenho CNPJ, tem problema?')).not.toBe('confianca');
      expect(classified('reconhecer firma em cartório pra um plantão? não')).toBe('processo');
    });
  });
});

describe('fresh paraphrases and near misses', () => {

  // Fresh paraphrases, never a line of a labelled set.
  describe('families', () => {
    it('reads a pause with its length as tempo', () => {
      expect(classified('vou dar uma pausa nos plantões por uns 45 dias, depois a gente vê')).toBe('tempo');
      expect(classified('tô viajando com a família, volto segunda')).toBe('tempo');
      expect(classified('semana que vem tenho prova de título, não dá')).toBe('tempo');
      expect(classified('amanhã não rola, tô de plantão em outro hospital')).toBe('tempo');
      expect(classified('usei IA pra estudar pra prova de título')).toBeNull();
    });
    it('reads a rule of his profile as disponibilidade, not a refusal to leave', () => {
      expect(classified('não faço mais pediatria, só clínica adulto')).toBe('disponibilidade');
      expect(classified('não quero mais vagas de UTI neo, só alojamento')).toBe('disponibilidade');
      expect(classified('fim de semana não faço, nem adianta')).toBe('disponibilidade');
      expect(classified('não quero sair da lista não, só não posso esse sábado')).not.toBe('disponibilidade');
    });
    it('reads the pay weighed against a figure as preco', () => {
      expect(classified('consegue 150 a hora? aí eu fecho na hora')).toBe('preco');
      expect(classified('24h por 1.500? tô fora')).toBe('preco');
      expect(classified('gosto das vagas, mas esse valor não compensa')).toBe('preco');
      expect(classified('ganho mais atendendo convênio no consultório')).toBe('preco');
    });
    it('reads the channel and the timing as comunicacao', () => {
      expect(classified('não me liguem, por favor, prefiro só mensagem')).toBe('comunicacao');
      expect(classified('prefiro email, é mais fácil de achar depois')).toBe('comunicacao');
      expect(classified('parem de me mandar lembrete, eu anoto tudo')).toBe('comunicacao');
      expect(classified('avisando às 18h de um plantão às 19h? muito em cima')).toBe('comunicacao');
      expect(classified('não me mandem mensagem no sábado, é dia da família')).toBe('comunicacao');
    });
    it('reads the place, the money still awaited, a clause, a roster without consent and plantão left', () => {
      expect(classified('não me chama mais pro Regional, me trataram super mal')).toBe('qualidade');
      expect(classified('ainda estou esperando o pagamento de março')).toBe('risco');
      expect(classified('essa cláusula de multa me preocupa')).toBe('processo');
      expect(classified('colocaram meu nome na escala de sábado sem eu aceitar')).toBe('confianca');
      expect(classified('ele não trabalha mais com plantões, só consultório')).toBe('motivacao');
    });
  });
});
