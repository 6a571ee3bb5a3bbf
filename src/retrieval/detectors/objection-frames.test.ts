import { describe, expect, it } from 'vitest';
import { classifyLine } from '../../cli/classify.js';
import { createDetectors } from './index.js';
import { objectionBehind } from './objection-detector.js';
import { isNeutralLogistics } from './objection-frames.js';
import { normalizeText } from '../normalize.js';

const detectors = createDetectors();
const label = (text: string) => detectors.detect(text).objection.label;
const classified = (text: string) => classifyLine(detectors, { text }).objection;

// h14-objection9, set 8 families: fresh paraphrases written for this block (not taken from any labelled set),
// each family with near-miss negatives that must stay as they were.
describe('set 8 families', () => {
  it('reads complaints about how we message as comunicacao', () => {
    for (const text of [
      'vcs me escrevem às 5 da manhã, não dá',
      'chegou mensagem de vocês às 22h de novo',
      'já chegaram 5 mensagens de vocês hoje',
      'dá pra diminuir a frequência? é mensagem demais',
      'me manda pelo telegram, lá eu vejo',
      'prefiro que me telefonem, digitar é ruim',
      'detesto tratar disso por mensagem',
      'o whatsapp eu quase nunca abro',
      'mensagem comprida demais, ninguém lê isso',
      'esse texto padrão não me diz nada',
      'cadê a resposta que vcs prometeram?',
    ]) expect(label(text), text).toBe('comunicacao');
  });

  it('keeps shift times, documents by e-mail and canned replies beside a bot question out of comunicacao', () => {
    expect(label('a vaga de madrugada ainda está aberta?')).not.toBe('comunicacao');
    expect(label('tem plantão às 19h no sábado?')).not.toBe('comunicacao');
    expect(label('manda o contrato por email que eu assino')).toBeNull();
    expect(classified('resposta pronta isso aí, tem alguém de verdade?')).toBeNull();
  });

  it('reads the reason beside a stop or a hand-off', () => {
    const cases: Array<[string, string]> = [
      ['me tira da lista, vou morar em Lisboa no ano que vem', 'disponibilidade'],
      ['pode me descadastrar, entrei de licença paternidade', 'tempo'],
      ['não quero mais receber nada, da última vez fiquei dois meses sem receber', 'risco'],
      ['quero falar com alguém, faltou até soro no plantão de ontem', 'qualidade'],
      ['preciso de alguém do financeiro, descontaram 15% do meu repasse', 'preco'],
      ['quero o jurídico, tem uma cláusula de fidelidade que ninguém me mostrou', 'processo'],
      ['me tira da lista, não dou mais plantão', 'motivacao'],
      ['some com meu número e me diz onde vcs pegaram meu contato', 'confianca'],
      ['se continuarem me enviando isso eu bloqueio, me exclui', 'comunicacao'],
    ];
    for (const [text, want] of cases) expect(objectionBehind(text), text).toBe(want);
    // A stop with no reason beside it still has none.
    expect(objectionBehind('me exclui da lista por favor')).toBeNull();
  });

  it('reads hospital quality in slang, and leaves plain questions alone', () => {
    for (const text of ['aquele pronto-socorro é um açougue, tô fora', 'lá é você e Deus no plantão, nem pensar', 'não tinha nem luva da última vez'])
      expect(label(text), text).toBe('qualidade');
    expect(label('o hospital tem tomografia?')).not.toBe('qualidade');
  });

  it('reads a dated commitment or a period away as tempo', () => {
    for (const text of ['tenho um congresso em Salvador nessa semana', 'até defender a tese não pego nada', 'agora não rola, me procura no ano que vem'])
      expect(label(text), text).toBe('tempo');
    expect(label('voltando de licença, pode mandar vagas')).not.toBe('tempo');
  });

  it('reads plantão set aside as motivacao, and a narrowed shift as not', () => {
    for (const text of ['tô num momento de diminuir plantão, foco na família', 'agora o foco é a residência de cardio'])
      expect(label(text), text).toBe('motivacao');
    expect(label('parei de fazer plantão noturno')).not.toBe('motivacao');
    expect(label('faço 2 plantões seguidos se precisar')).not.toBe('motivacao');
  });

  it('reads where he lives against where the shifts are as disponibilidade', () => {
    expect(label('moro em Sorocaba e vcs só tem vaga em SP')).toBe('disponibilidade');
    expect(label('estou me mudando para Recife')).toBe('disponibilidade');
  });

  it('reads neutral logistics as no objection', () => {
    for (const text of [
      'to no transito agora, falo contigo depois',
      'estou atendendo, te retorno assim que puder',
      'me chama depois das 20h que agora tô em cirurgia',
      'vou te responder mais tarde, beleza?',
      'preciso desmarcar o plantão de quinta, minha filha ficou doente',
    ]) {
      expect(isNeutralLogistics(normalizeText(text)), text).toBe(true);
      expect(label(text), text).toBeNull();
    }
    // Near misses: the logistics sit beside a real objection, or the refusal itself is kept.
    expect(label('agora não posso falar, mas esse valor tá baixo')).toBe('preco');
    expect(label('tô muito ocupado esse mês, depois a gente vê')).toBe('tempo');
    expect(label('quero cancelar, o hospital é um caos')).toBe('qualidade');
    expect(isNeutralLogistics(normalizeText('surgiu um imprevisto, não vou conseguir ir no de sexta'))).toBe(false);
  });

  it('leaves invoice and contract questions neutral', () => {
    expect(label('a nota fiscal eu emito no fim do mês?')).toBeNull();
    expect(label('tenho uma dúvida numa cláusula do contrato')).toBeNull();
  });
});
