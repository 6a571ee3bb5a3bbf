import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb({ seed: true });
});
afterAll(async () => db.close());

const slugOf = async (name: string) => {
  const res = await db.rpc<{ hospital_id?: string; method: string; score?: number }>('group_resolve_hospital', { p_name: name });
  if (!res.hospital_id) return null;
  const rows = await db.query<{ slug: string }>('select slug from hospitals where id = $1', [res.hospital_id]);
  return rows[0]!.slug;
};

describe('hospital and specialty names from group posts', () => {
  it('matches by key, alias and trigrams, and leaves unknown hospitals unresolved', async () => {
    expect(await slugOf('Hospital Santa Clara')).toBe('santa-clara-tatuape');
    expect(await slugOf('HCSA')).toBe('santo-andre-central');
    expect(await slugOf('Santo André Central')).toBe('santo-andre-central');
    expect(await slugOf('N. Sra. da Mooca')).toBe('nossa-senhora-mooca');
    expect(await slugOf('Mooca')).toBe('nossa-senhora-mooca');
    expect(await slugOf('Bom Jesus GRU')).toBe('guarulhos-bom-jesus');
    expect(await slugOf('Pinheiros Dia')).toBe('pinheiros-day');
    expect(await slugOf('S. Lucas Santana')).toBe('sao-lucas-santana');
    expect(await slugOf('Vila Mariana')).toBe('vila-mariana-saude');
    expect(await slugOf('Hospital Regional de Itaquera')).toBeNull();
    expect(await slugOf('UPA Vergueiro')).toBeNull();
  });

  it('resolves the abbreviations people use for specialties', async () => {
    const cases: Array<[string, string]> = [
      ['CM', 'clinica-medica'], ['GO', 'ginecologia-obstetricia'], ['UTI adulto', 'medicina-intensiva'], ['PS adulto', 'emergencia'],
      ['PS Pediátrico', 'pediatria'], ['Cirurgião geral', 'cirurgia-geral'], ['anestesio', 'anestesiologia'], ['Clínica médica', 'clinica-medica'],
    ];
    for (const [name, slug] of cases) {
      const id = await db.rpc<string | null>('group_resolve_specialty', { p_name: name });
      const rows = await db.query<{ slug: string }>('select slug from specialties where id = $1', [id]);
      expect(rows[0]?.slug, name).toBe(slug);
    }
  });

  it('the SQL fallback computes the same similarity as pg_trgm', async () => {
    const pairs = [['santa clara', 'santa clara tatuape'], ['n sra mooca', 'nossa senhora mooca'], ['pinheiros dia', 'dia pinheiros'], ['upa vergueiro', 'vila mariana saude']];
    for (const [a, b] of pairs) {
      const rows = await db.query<{ real: number; fallback: number }>('select similarity($1, $2) as real, group_similarity_sql($1, $2) as fallback', [a, b]);
      expect(rows[0]!.fallback).toBeCloseTo(rows[0]!.real, 5);
    }
  });
});
