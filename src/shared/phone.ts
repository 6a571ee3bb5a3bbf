/**
 * Phone numbers are stored as E.164 digits without '+', e.g. 5511987654321.
 * Brazilian mobiles gained a ninth digit (a leading 9) between 2012 and 2016;
 * WhatsApp still reports some accounts without it, so one doctor could appear
 * as two numbers. We always add it back for mobiles.
 */
const BR = '55';

export function normalizePhone(raw: string): string | null {
  // A leading + or 00, or a WhatsApp JID, means the country code is present.
  const international = /^\s*(\+|00)/.test(raw) || raw.includes('@');
  const digits = raw.replace(/@.*$/, '').replace(/\D/g, '').replace(/^00/, '');
  if (digits.length < 8 || digits.length > 15) return null;
  if (digits.startsWith(BR) && (digits.length === 12 || digits.length === 13)) {
    return normalizeBrazilNational(digits.slice(2));
  }
  if (international) return digits.startsWith(BR) ? null : digits;
  // A national number as a Brazilian would type it: DDD + 8 or 9 digits, maybe a leading 0.
  const national = digits.replace(/^0/, '');
  if (national.length === 10 || national.length === 11) {
    return normalizeBrazilNational(national);
  }
  return digits;
}

function normalizeBrazilNational(national: string): string | null {
  const ddd = national.slice(0, 2);
  let subscriber = national.slice(2);
  if (!/^[1-9][1-9]$/.test(ddd)) return null;
  // 8-digit numbers starting with 6-9 are mobiles missing the ninth digit;
  // 2-5 are landlines and keep their eight digits.
  if (subscriber.length === 8 && /^[6-9]/.test(subscriber)) subscriber = `9${subscriber}`;
  if (subscriber.length === 9 && !subscriber.startsWith('9')) return null;
  return `${BR}${ddd}${subscriber}`;
}

/** For logs and Slack: keeps country, area code and the last four digits. */
export function maskPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length < 8) return '***';
  return `${digits.slice(0, 4)}*****${digits.slice(-4)}`;
}
