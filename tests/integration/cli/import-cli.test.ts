import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_REDIS_URL } from '../../helpers/test-redis.js';
import { migratedDataDir } from '../../helpers/test-db.js';

const JULIA = join(import.meta.dirname, '../../../src/julia.mjs');

describe('julia import', () => {
  it('imports hospitals, shifts and doctors from files, each command its own process; dry run, bad lines and a second run', { timeout: 300_000 }, () => {
    const env = {
      PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn',
      DATA_DIR: migratedDataDir('import'), REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `t-import-cli-${process.pid}`,
    };
    const dir = mkdtempSync(join(tmpdir(), 'julia-import-cli-'));
    const julia = (...args: string[]) => spawnSync(process.execPath, [JULIA, 'import', ...args], { env, encoding: 'utf8', timeout: 120_000 });
    const write = (name: string, content: string | Buffer) => { const p = join(dir, name); writeFileSync(p, content); return p; };

    // The specialty catalog comes with the seed.
    expect(spawnSync(process.execPath, [JULIA, 'seed'], { env, encoding: 'utf8', timeout: 120_000 }).status).toBe(0);
    const hospitals = write('hospitais.csv', Buffer.from('Nome;Endereço;Bairro;Cidade;Região;Observações\nHospital Vila Nova;Rua A, 10;Vila Nova;São Paulo;zona norte;"estacionamento; portaria 2"\n', 'latin1'));
    const h = julia('hospitals', hospitals, '--by', 'ana');
    expect(h.stderr).toBe('');
    expect(h.status).toBe(0);
    expect(h.stdout).toMatch(/novos: 1/);

    const shifts = write('vagas.csv', 'hospital,especialidade,inicio,fim,valor,observacoes\n' +
      'Hospital Vila Nova,Clínica Médica,28/12/2030 19:00,07:00,"R$ 1.650,00",noturno\n' +
      'Vila Nova,pediatria,2030-12-29 07h,,1650,\n' +
      'Hospital Inexistente,pediatria,29/12/2030 07:00,19:00,1200,\n');
    const s = julia('shifts', shifts);
    expect(s.status).toBe(0);
    expect(s.stdout).toMatch(/novos: 1/);
    expect(s.stdout).toContain('linha 3: sem fim nem duração');
    expect(s.stdout).toContain('linha 4: hospital não encontrado no catálogo: Hospital Inexistente');

    const doctors = write('medicos.csv', 'nome,telefone,especialidade\nDra. Um,(11) 98111-0001,clinica medica\nDr. Dois,11 8111-0002,pediatria\nDr. Ruim,123,\n');
    const dry = julia('doctors', doctors, '--dry-run');
    expect(dry.status).toBe(0);
    expect(dry.stdout).toMatch(/SIMULAÇÃO/);
    expect(dry.stdout).toMatch(/seriam novos: 2/);
    const real = julia('doctors', doctors);
    expect(real.status).toBe(0);
    expect(real.stdout).toMatch(/novos: 2 /);
    expect(real.stdout).toContain('linha 4: telefone inválido: "123"');
    expect(real.stdout).toContain('cadastro "pendente"');
    const again = julia('doctors', doctors, '--json');
    expect(JSON.parse(again.stdout)).toMatchObject({ inserted: 0, updated: 0, unchanged: 2, errors: [{ line: 4 }] });
    expect(julia('planets', doctors).status).toBe(2);
  });
});
