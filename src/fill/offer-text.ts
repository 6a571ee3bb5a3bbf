import { renderTemplate, templateVars, type OfferedShift } from '../campaigns/index.js';
import type { PlannedOffer } from './planner-store.js';

/**
 * A fill offer in our words, with the variables an `oferta` campaign uses (hospital,
 * São Paulo date and time, period, duration, value). It asks; the doctor's "quero"
 * is answered in the normal conversation, where reservar_plantao does the rest.
 */
export const FILL_OFFER_TEMPLATE =
  'Oi{{primeiro_nome_virgula}} tudo bem? Abriu um plantão de {{especialidade_plantao}} no {{hospital}} ({{cidade_plantao}}), ' +
  '{{data}}, {{periodo}}, {{duracao}}, por {{valor}}. Você tem interesse? Se quiser, já deixo reservado pra você.';

export function fillOfferText(offer: PlannedOffer, shift: OfferedShift): string {
  const vars = templateVars({ id: 0, doctor_id: offer.doctor_id, outbound_key: offer.outbound_key, name: offer.name, city: offer.city, region: offer.region, specialty: offer.specialty }, shift);
  return renderTemplate(FILL_OFFER_TEMPLATE, {
    ...vars,
    primeiro_nome_virgula: vars['primeiro_nome'] ? ` ${vars['primeiro_nome']},` : ',',
    especialidade_plantao: shift.specialty.toLowerCase(),
  });
}
