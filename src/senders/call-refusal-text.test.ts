import { describe, expect, it } from 'vitest';
import { isCallRefusalText } from './call-refusal-text.js';

describe('isCallRefusalText', () => {
  const refusals = [
    'Não atendemos ligações por este número. Por favor, envie uma mensagem de texto.',
    'Olá! Este número não recebe chamadas. Mande uma mensagem que respondemos.',
    'Não posso atender ligações agora, me envie uma mensagem.',
    'Atendimento somente por mensagens, ligações não são atendidas.',
    'I do not accept calls',
    "Sorry, I can't take calls. Please send a message.",
    'No acepto llamadas, escríbeme por aquí.',
  ];
  for (const t of refusals) it(`recognizes: ${t}`, () => expect(isCallRefusalText(t)).toBe(true));

  // A person from the team writing on the phone about other things.
  const people = [
    'Dra. Ana, aqui é a Carla da equipe de escalas. Vou te ligar em 5 min pra fechar o sábado, pode ser?',
    'Pode deixar que eu resolvo, Dra.',
    'Te mandei o endereço do hospital por mensagem',
    'posso te ligar amanhã?',
    'Não atendemos esse hospital, infelizmente',
  ];
  for (const t of people) it(`leaves alone: ${t}`, () => expect(isCallRefusalText(t)).toBe(false));
});
