import { describe, expect, it } from 'vitest';
import { classifyLine } from '../../cli/classify.js';
import { createDetectors } from './index.js';
import { objectionFromFrames } from './objection-frames.js';
import { normalizeText } from '../normalize.js';

const detectors = createDetectors();
const label = (text: string) => detectors.detect(text).objection.label;
const classified = (text: string) => classifyLine(detectors, { text }).objection;
/** The frames alone: what a near miss must not trigger, whatever the learned head reads. */
const framed = (text: string) => objectionFromFrames(normalizeText(text));

// h14-objection11, set 10 families: fresh paraphrases written for this block (not taken from any labelled set),
// each family with near-miss negatives. Positives go through the whole detector, near misses through the frames.
describe('set 10 families', () => {
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
    // Near misses: the region around a place is a risk (sets 1 and 2), a question about the team is none.
    expect(framed('a região do hospital é violenta de noite?')).not.toBe('qualidade');
    expect(framed('a equipe de lá é boa?')).toBeNull();
    expect(framed('vou ficar sozinho no plantão?')).not.toBe('qualidade');
  });

  it('reads the amount against the promised one, unpaid hours and prices called a joke as preco', () => {
    for (const text of [
      'falaram 2.200 e no fim depositaram 1.700',
      'fiquei 3h além do horário e não pagaram essas horas',
      'esses preços de vocês são uma piada',
      'se continuarem mandando plantão de 700 eu saio do grupo',
    ]) expect(label(text), text).toBe('preco');
    // Near misses: a promise of a time, hours asked about, a value quoted.
    expect(framed('prometeram que eu saía às 7 e saí às 7, tudo certo')).toBeNull();
    expect(framed('essas horas extras vão ser pagas quando?')).not.toBe('preco');
    expect(framed('o plantão de 1.500 ainda está aberto?')).toBeNull();
  });

  it('reads fear of a late payment repeating, or of not being paid for a missing name, as risco', () => {
    for (const text of [
      'o município está com os repasses atrasados, aposto que o de vocês vai atrasar também',
      'já atrasou uma vez e fico preocupada que possa acontecer de novo',
      'meu nome sumiu da escala do hospital, e aí, vou receber como?',
    ]) expect(label(text), text).toBe('risco');
    expect(framed('como vou receber o informe, por email?')).not.toBe('risco');
  });

  it('reads a clause nobody explained and a document he is made to sign as processo', () => {
    expect(label('tem uma cláusula de rescisão nesse contrato que ninguém me mostrou')).toBe('processo');
    expect(label('a diretoria está obrigando que eu assine uma declaração sobre os aparelhos')).toBe('processo');
    // Near miss: asking the legal team about a clause is none (set 4).
    expect(framed('quero falar com o jurídico sobre a cláusula de multa')).toBeNull();
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
    expect(framed('é um robô de disparo em massa?')).toBeNull();
    expect(framed('desculpa, demorei pra responder')).toBeNull();
    expect(framed('entrei no grupo de vocês ontem')).toBeNull();
  });

  it('reads a specialty, a region and a distance as disponibilidade', () => {
    for (const text of [
      'sou pediatra, esse plantão de ortopedia não é pra mim',
      'para UTI não me chama, agora só pego clínica',
      'não estou pegando plantão no litoral por ora, capital continua valendo',
      'sou de Sorocaba, não consigo ir até Campinas toda semana',
    ]) expect(label(text), text).toBe('disponibilidade');
    expect(framed('sou pediatra, tem plantão de pediatria?')).toBeNull();
  });

  it('reads later-not-never and a week already full as tempo, and a pause with no date as none', () => {
    expect(label('saí agora de um plantão de 24h, semana que vem você me procura')).toBe('tempo');
    expect(label('complicado, tenho consultório de segunda a sexta e plantão fixo no sábado')).toBe('tempo');
    expect(framed('esse mês eu paro, mês que vem manda de novo')).toBeNull();
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
    // Near miss: age in a joke with no kind of work named (set 2 reads it as none).
    expect(framed('tô velho pra isso kkk')).toBeNull();
  });

  it('reads our use of his CRM and data as confianca', () => {
    expect(label('colocaram meu CRM numa escala de Sorocaba sem eu saber')).toBe('confianca');
    expect(label('vocês seguem a LGPD né? como armazenam meus documentos?')).toBe('confianca');
    expect(label('antes de aceitar queria uma referência de algum colega')).toBe('confianca');
    expect(framed('meu CRM é de Minas, serve?')).toBeNull();
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
