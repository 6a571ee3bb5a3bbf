import { describe, expect, it } from 'vitest';
import { createDetectors } from './index.js';
import { objectionFromFrames } from './objection-frames.js';
import { normalizeText } from '../normalize.js';

const detectors = createDetectors();
const label = (text: string) => detectors.detect(text).objection.label;
/** The frames alone: what a near miss must not trigger, whatever the learned head reads. */
const framed = (text: string) => objectionFromFrames(normalizeText(text));

// h14-detectors10, set 16 families: fresh paraphrases written for this block, never a line of a labelled set.
describe('set 16 families', () => {
  it('reads another arrangement he is closed with as lealdade', () => {
    expect(label('tô fechado com a Unimed, obrigado')).toBe('lealdade');
    expect(label('estou com a MedEscala há anos e não pretendo mudar')).toBe('lealdade');
    expect(framed('tô fechando a agenda do mês')).toBeNull();
  });
  it('reads fewer shifts wanted and enough after years as motivacao', () => {
    expect(label('quero diminuir o ritmo, tô recusando quase tudo')).toBe('motivacao');
    expect(label('depois de 25 anos de plantão, cansei')).toBe('motivacao');
    expect(framed('noturno não me manda mais, tô velha pra isso')).not.toBe('disponibilidade');
  });
  it('reads a channel preferred, a day off-limits, the same offer again, reminders alone as comunicacao', () => {
    expect(label('prefiro falar por email, anota aí')).toBe('comunicacao');
    expect(label('mensagem no domingo não, por favor')).toBe('comunicacao');
    expect(label('para de mandar a mesma vaga, já respondi')).toBe('comunicacao');
    expect(label('me tira só dos lembretes, o resto pode mandar')).toBe('comunicacao');
    expect(framed('o domingo é livre?')).toBeNull();
  });
  it('reads his profile, his agenda, payment doubts and the place', () => {
    expect(label('pode parar de mandar de Franca, nunca vou pra lá')).toBe('disponibilidade');
    expect(label('parei de atender em Guarulhos, só capital agora')).toBe('disponibilidade');
    expect(label('essa semana tô de plantão direto no HU')).toBe('tempo');
    expect(label('depois das férias a gente conversa')).toBe('tempo');
    expect(label('até hoje sem pagamento do plantão de maio')).toBe('risco');
    expect(label('vocês pagam em dia ou atrasam?')).toBe('risco');
    expect(label('aquela UPA fica numa área perigosa, não vou')).toBe('qualidade');
    expect(framed('quem faz a passagem de plantão lá?')).toBeNull();
  });
});
