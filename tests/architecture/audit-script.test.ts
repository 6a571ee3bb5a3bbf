import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** .ci/audit.mjs against recorded npm audit answers (the registry here answers 405). */
const SCRIPT = join(import.meta.dirname, '../../.ci/audit.mjs');
const dir = mkdtempSync(join(tmpdir(), 'julia-audit-'));
let n = 0;
function run(report: unknown, entries: unknown[] = []) {
  const r = join(dir, `r${++n}.json`);
  const a = join(dir, `a${n}.json`);
  writeFileSync(r, JSON.stringify(report));
  writeFileSync(a, JSON.stringify({ entries }));
  const out = spawnSync(process.execPath, [SCRIPT], { env: { ...process.env, JULIA_AUDIT_REPORT: r, JULIA_AUDIT_ALLOWLIST: a }, encoding: 'utf8' });
  return { code: out.status, text: out.stdout + out.stderr };
}

const advisory = (severity: string) => ({
  auditReportVersion: 2,
  vulnerabilities: {
    tarpit: { name: 'tarpit', severity, via: [{ source: 1099001, name: 'tarpit', title: 'Prototype pollution', url: 'https://github.com/advisories/GHSA-xxxx', severity, range: '<2.0.0' }] },
    wrapper: { name: 'wrapper', severity, via: ['tarpit'] },
  },
  metadata: { vulnerabilities: { [severity]: 2 } },
});
const future = '2999-01-01';

describe('.ci/audit.mjs', () => {
  it('fails on a high or critical advisory that is not allowed', () => {
    for (const s of ['high', 'critical']) {
      const r = run(advisory(s));
      expect(r.code, r.text).toBe(1);
      expect(r.text).toMatch(/1 high\/critical advisory not in \.ci\/audit-allowlist\.json/);
    }
  });

  it('passes moderate ones, and severe ones allowed with a reason until an expiry', () => {
    expect(run(advisory('moderate')).code).toBe(0);
    const r = run(advisory('high'), [{ id: '1099001', reason: 'dev-only, not in the image', expires: future }]);
    expect(r.code, r.text).toBe(0);
    expect(r.text).toContain('allowed: dev-only, not in the image');
  });

  it('an expired or incomplete allow-list entry excuses nothing', () => {
    expect(run(advisory('high'), [{ id: '1099001', reason: 'was fine', expires: '2020-01-01' }]).code).toBe(1);
    expect(run(advisory('high'), [{ id: '1099001', expires: future }]).code).toBe(1);
  });

  it('a registry that cannot answer (405) is reported as "audit unavailable", not as clean, and does not fail', () => {
    const r = run({ message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk', statusCode: 405 });
    expect(r.code).toBe(0);
    expect(r.text).toMatch(/audit unavailable \(registry answered 405\): advisories NOT checked/);
  });
});
