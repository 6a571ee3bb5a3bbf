import { ValidationError } from '../shared/errors.js';
import { normalizePhone } from '../shared/phone.js';

/** Who a rights request is about: a phone (E.164 digits) or a WhatsApp @lid. */
export interface DoctorSubject {
  phone: string | null;
  lid: string | null;
}

/**
 * Reads a doctor as an operator types him: a phone in any Brazilian notation
 * ("(11) 98765-4321", "+55 11 9876-5432", an old 8-digit mobile) or an @lid.
 */
export function parseDoctorSubject(raw: string): DoctorSubject {
  const text = (raw ?? '').trim();
  if (/@lid$/i.test(text)) return { phone: null, lid: text.toLowerCase() };
  const phone = normalizePhone(text);
  if (!phone) throw new ValidationError(`not a phone number or @lid: "${text}"`);
  return { phone, lid: null };
}
