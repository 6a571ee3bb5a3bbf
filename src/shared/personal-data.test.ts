import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskCrm, maskPhoneForPeople, maskToolResult, phoneSuffix, scrubPersonalData } from './personal-data.js';

const ddd = fc.integer({ min: 11, max: 99 }).filter((n) => n % 10 !== 0);
const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((a) => a.join(''));
/** A Brazilian mobile or landline, as digits: DDD + 9 + 8 digits, or DDD + 8 digits. */
const brPhone = fc.tuple(ddd, fc.boolean(), digits(8)).map(([d, mobile, rest]) => `${d}${mobile ? '9' : ''}${rest}`);

/** The ways people and systems write one number. */
function notations(national: string): string[] {
  const d = national.slice(0, 2);
  const sub = national.slice(2);
  const head = sub.slice(0, sub.length - 4);
  const tail = sub.slice(-4);
  return [
    `55${national}`, `+55${national}`, national, `+55 ${d} ${head}-${tail}`, `+55 (${d}) ${head}-${tail}`, `(${d}) ${head}-${tail}`,
    `${d} ${head} ${tail}`, `0${d} ${head}-${tail}`.slice(1), `${d}.${head}.${tail}`, `55 ${d} ${sub}`, `+55-${d}-${head}-${tail}`,
    `55${national}@s.whatsapp.net`, `55${national}:12@s.whatsapp.net`, `${d}${sub.split('').join(' ')}`,
  ];
}

/**
 * The number's subscriber digits survive somewhere in the text, however spaced. A masked phone ("+55 99 5•••-0000")
 * is set aside first: its country, DDD, first digit and last four may happen to spell the subscriber number when
 * read as one run of digits (99 5995-0000), which is the mask working, not a leak.
 */
const hasFullPhone = (text: string, national: string) =>
  text.replace(/(?:\+55 \d\d )?\d•+-\d{4}/g, ' ').replace(/\D/g, '').includes(national.slice(2));

describe('maskPhoneForPeople', () => {
  it('keeps country, DDD, first digit and last four', () => {
    expect(maskPhoneForPeople('5511987657777')).toBe('+55 11 9••••-7777');
    expect(maskPhoneForPeople('(11) 98765-7777')).toBe('+55 11 9••••-7777');
    expect(maskPhoneForPeople('+55 21 3456-7777')).toBe('+55 21 3•••-7777');
    expect(maskPhoneForPeople('98765-7777')).toBe('9••••-7777');
    expect(phoneSuffix('+55 11 98765-7777')).toBe('7777');
  });
});

describe('scrubPersonalData', () => {
  it('removes a full phone in every notation, in any sentence', () => {
    fc.assert(
      fc.property(brPhone, fc.string({ maxLength: 20 }).map((s) => s.replace(/[\d\w]/g, ' ')), fc.integer({ min: 0, max: 13 }), (national, noise, pick) => {
        const written = notations(national)[pick]!;
        const out = scrubPersonalData(`O número é ${written}${noise} ok`);
        expect(hasFullPhone(out, national), `${written} -> ${out}`).toBe(false);
        expect(out).toContain(national.slice(-4));
      }),
      { numRuns: 400 },
    );
    // A mask whose visible digits spell the subscriber number by chance (DDD 99, 5995-0000) is still a mask.
    expect(scrubPersonalData('O número é 559959950000 ok')).toBe('O número é +55 99 5•••-0000 ok');
  });

  it('removes @lid ids and JIDs, and fullwidth or zero-width-broken digits', () => {
    expect(scrubPersonalData('lid 123456789012345@lid')).not.toMatch(/123456789012/);
    expect(scrubPersonalData('５５１１９８７６５７７７７')).not.toMatch(/9876/);
    expect(scrubPersonalData('11\u200B98765\u200B7777')).not.toMatch(/98765/);
    expect(scrubPersonalData('tel5511987657777x e zap11987657777')).toBe('tel+55 11 9••••-7777x e zap+55 11 9••••-7777');
  });

  it("keeps today's group ids whole (a group, not a person) and masks old ones that carry the creator's phone", () => {
    expect(scrubPersonalData('grupo 120363025246125888@g.us e 120363777000001')).toBe('grupo 120363025246125888@g.us e 120363777000001');
    expect(maskToolResult({ group_jid: '120363025246125888@g.us' })).toEqual({ group_jid: '120363025246125888@g.us' });
    const old = scrubPersonalData('grupo 5511987654321-1521234567@g.us');
    expect(old.replace(/\D/g, '')).not.toContain('987654321');
    // A US number that begins like a group id is still a phone.
    expect(scrubPersonalData('ligue +1 203 634 5678').replace(/\D/g, '')).not.toContain('6345678');
  });

  it('hides CRMs written with or without the state', () => {
    for (const crm of ['CRM 123456', 'CRM/SP 123456', 'CRM-SP 123.456', 'crm: 123456', 'CRMSP123456', '123456-SP', 'CRM 123456/RJ']) {
      const out = scrubPersonalData(`Dr. Lucas, ${crm}, plantonista`);
      expect(out.replace(/\D/g, ''), `${crm} -> ${out}`).not.toContain('1234');
      expect(out).toContain('56');
    }
    expect(maskCrm('123456-SP')).toBe('CRM/SP ••••56');
  });

  it('leaves ids, dates, money, counts and Slack mentions alone, and is idempotent', () => {
    const keep = '2º plantão ⚠️ 👨‍👩‍👧 nº 12, id 550e8400-e29b-41d4-a716-446655440000, 2026-11-27T22:26:16.000Z, R$ 9.500,00 e R$ 1.234.567,00, 27/11 19h, 1234 médicos, <@UMANAGER1>, CNPJ 12.345.678/0001-90';
    expect(scrubPersonalData(keep)).toBe(keep);
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), brPhone, (s, national) => {
        const once = scrubPersonalData(`${s} ${national} ${s}`);
        expect(scrubPersonalData(once)).toBe(once);
      }),
      { numRuns: 300 },
    );
  });
});

describe('maskToolResult', () => {
  it('masks phone and CRM fields by name, scrubs every string and trims message bodies, keeping ids', () => {
    const id = '550e8400-e29b-41d4-a716-446655440000';
    const r = maskToolResult([
      { id, nome: 'Dra. Ana', telefone: '5511987657777', crm: '123456', cidade: 'São Paulo' },
      { direcao: 'in', texto: `me liga no 11 98765-7777 ${'x'.repeat(400)}` },
      { sender_phone: 5521998887777, group_jid: '120363043211234567@g.us' },
      { hospital: 'Hospital X', contact: 'Carla 5531991234321', extracted: { contact: '31991234321' } },
    ]) as Array<Record<string, unknown>>;
    expect(r[0]).toEqual({ id, nome: 'Dra. Ana', telefone: '+55 11 9••••-7777', crm: 'CRM ••••56', cidade: 'São Paulo' });
    expect(String(r[1]!['texto'])).toMatch(/^me liga no \+55 11 9••••-7777 x+…$/);
    expect(String(r[1]!['texto']).length).toBeLessThanOrEqual(281);
    expect(JSON.stringify(r[2])).not.toMatch(/99888/);
    // The group's id names a group, not a person: kept whole so a manager can allow or deny it.
    expect(r[2]!['group_jid']).toBe('120363043211234567@g.us');
    // A group poster's contact is masked the same way as a doctor's phone.
    expect(r[3]).toEqual({ hospital: 'Hospital X', contact: 'Carla +55 31 9••••-4321', extracted: { contact: '+55 31 9••••-4321' } });
  });
});
