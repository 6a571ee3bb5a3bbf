import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../../src/julia.mjs', import.meta.url));

describe('julia classify', () => {
  it('labels each input line offline, using history for the profile', () => {
    const input = [
      { id: 'a', text: 'esse valor ta mto baixo' },
      { id: 'b', text: 'qual o endereco?', history: ['acabei de me formar', { role: 'julia', text: 'parabens!' }, { role: 'doctor', text: 'seria meu primeiro plantao' }] },
      { id: 'c', text: 'me tira da lista' },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n');
    const res = spawnSync(process.execPath, [BIN, 'classify'], {
      input,
      encoding: 'utf8',
      env: { ...process.env, LOG_LEVEL: 'silent', VOYAGE_API_KEY: '', DATA_DIR: '/nonexistent-not-used' },
      timeout: 60_000,
    });
    expect(res.status, res.stderr).toBe(0);
    const out = res.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out).toHaveLength(3);
    expect(Object.keys(out[0]!)).toEqual(['id', 'optOut', 'botSuspicion', 'handoff', 'objection', 'objective', 'profile']);
    expect(out[0]).toMatchObject({ id: 'a', objection: 'preco' });
    expect(out[1]).toMatchObject({ id: 'b', objection: null, objective: 'informacao', profile: 'junior' });
    expect(out[2]).toMatchObject({ id: 'c', optOut: true, objection: null, objective: 'sem_interesse' });
    expect(out[0]).toMatchObject({ optOut: false, botSuspicion: false, handoff: false });
  });

  it('reports a malformed line and exits non-zero', () => {
    const res = spawnSync(process.execPath, [BIN, 'classify'], { input: 'not json\n', encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' }, timeout: 60_000 });
    expect(res.status).toBe(1);
    expect(JSON.parse(res.stdout.trim())).toEqual({ error: 'invalid JSON line' });
  });
});
