import { describe, expect, it } from 'vitest';
import { detectFirmNo } from './detect-firm-no.js';

describe('detectFirmNo', () => {
  it.each([
    'não tenho interesse',
    'Não tenho mais interesse, obrigado',
    'sem interesse',
    'isso não me interessa mais',
    'parei de dar plantão',
    'não faço mais plantão',
    'não quero mais trabalhar com vocês',
  ])('a firm no: %s', (text) => {
    expect(detectFirmNo(text).firmNo).toBe(true);
  });

  it.each([
    'não tenho interesse nessa vaga',
    'sem interesse nesse plantão, tem outro?',
    'não tenho interesse agora, talvez mês que vem',
    'não quero mais plantão noturno',
    'tenho interesse sim',
    'qual o valor?',
    'não pego mais plantão essa semana',
  ])('not a firm no (one offer, one moment, or a yes): %s', (text) => {
    expect(detectFirmNo(text).firmNo).toBe(false);
  });
});
