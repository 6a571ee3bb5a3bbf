#!/usr/bin/env node
// npm audit in CI: fails on a high or critical advisory unless .ci/audit-allowlist.json
// lists it with a reason and an expiry date that has not passed. When the registry
// cannot answer the audit endpoint (some mirrors answer 405; no network), it says so
// in one line and does not fail: an unavailable audit is reported, not passed off as
// clean. Run from the repository root after `npm ci`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const SEVERE = new Set(['high', 'critical']);
const today = new Date().toISOString().slice(0, 10);

// The two overrides exist for tests/architecture/audit-script.test.ts only.
const allowlistPath = process.env.JULIA_AUDIT_ALLOWLIST ?? new URL('./audit-allowlist.json', import.meta.url);
const allowlist = JSON.parse(readFileSync(allowlistPath, 'utf8'));
const allowed = new Map();
for (const entry of allowlist.entries ?? []) {
  if (!entry.id || !entry.reason || !/^\d{4}-\d{2}-\d{2}$/.test(entry.expires ?? '')) {
    console.error(`[audit] allow-list entry needs id, reason and expires (YYYY-MM-DD): ${JSON.stringify(entry)}`);
    process.exit(1);
  }
  if (entry.expires < today) console.error(`[audit] allow-list entry ${entry.id} expired on ${entry.expires}: it no longer excuses anything`);
  else allowed.set(String(entry.id), entry);
}

const run = process.env.JULIA_AUDIT_REPORT
  ? { stdout: readFileSync(process.env.JULIA_AUDIT_REPORT, 'utf8'), stderr: '' }
  : spawnSync('npm', ['audit', '--json', '--audit-level=high'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
let report;
try {
  report = JSON.parse(run.stdout || 'null');
} catch {
  report = null;
}
// npm exits 1 both for "advisories found" and for "could not ask"; the JSON tells them apart.
if (!report || report.statusCode || report.error || !report.vulnerabilities) {
  const why = report?.statusCode ? `registry answered ${report.statusCode}` : report?.error?.summary || report?.message || (run.stderr || '').trim().split('\n').pop() || 'no answer';
  console.log(`[audit] audit unavailable (${why}): advisories NOT checked in this run`);
  process.exit(0);
}

// Each advisory once (it is listed under every package it reaches through).
const advisories = new Map();
for (const vuln of Object.values(report.vulnerabilities)) {
  for (const via of vuln.via ?? []) {
    if (typeof via !== 'object' || !SEVERE.has(via.severity)) continue;
    const id = String(via.source ?? via.url ?? via.title);
    advisories.set(id, { id, url: via.url, title: via.title, severity: via.severity, pkg: via.name ?? vuln.name, range: via.range });
  }
}
const blocking = [...advisories.values()].filter((a) => !allowed.has(a.id) && !allowed.has(a.url));
for (const a of advisories.values()) {
  const excused = !blocking.includes(a);
  console.log(`[audit] ${a.severity} ${a.pkg} ${a.range ?? ''} ${a.title} ${a.url ?? a.id}${excused ? ` (allowed: ${(allowed.get(a.id) ?? allowed.get(a.url)).reason})` : ''}`);
}
if (blocking.length) {
  console.error(`[audit] ${blocking.length} high/critical advisor${blocking.length === 1 ? 'y' : 'ies'} not in .ci/audit-allowlist.json`);
  process.exit(1);
}
console.log(`[audit] no blocking advisories (${advisories.size} high/critical, all allowed; totals ${JSON.stringify(report.metadata?.vulnerabilities ?? {})})`);
