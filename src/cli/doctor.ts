import { writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { createInterface } from 'node:readline/promises';
import type { Config } from '../config.js';
import { openDb } from '../db/index.js';
import { doctorSummary, eraseDoctor, exportDoctor, parseDoctorSubject } from '../doctor-rights/index.js';
import { createRedis } from '../redis/index.js';
import { maskPhone } from '../shared/phone.js';
import { formatSaoPaulo } from '../export/index.js';
import { purgeDoctorJobs } from '../../workers/doctor-jobs-purge.js';

const USAGE = `usage: julia doctor show PHONE
       julia doctor export PHONE [--out FILE] [--by NAME]
       julia doctor erase PHONE [--yes] [--by NAME]
PHONE: any Brazilian notation ("(11) 98765-4321", "+55 11 9876-5432") or a WhatsApp @lid.`;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

function actorOf(args: string[]): string {
  const by = option(args, '--by');
  if (by?.trim()) return by.trim().slice(0, 200);
  try {
    return `os:${userInfo().username}`;
  } catch {
    return 'os:unknown';
  }
}

async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^(s|sim|y|yes)$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}

/**
 * `julia doctor show|export|erase PHONE`: the doctor's rights under the LGPD
 * (docs/decisions/0280-doctor-rights.md). Export and erase are audited.
 */
export async function run(config: Config, args: string[] = []): Promise<number> {
  const [sub, raw] = args;
  if (!sub || !['show', 'export', 'erase'].includes(sub) || !raw) {
    console.error(USAGE);
    return 2;
  }
  const subject = parseDoctorSubject(raw);
  const db = await openDb(config.database);
  try {
    if (sub === 'show') {
      const s = await doctorSummary(db, subject);
      if (!s.found || !s.doctor) {
        console.log(s.erased_opt_out ? 'médico apagado (LGPD); o número segue na lista de opt-out' : 'médico não encontrado');
        return s.erased_opt_out ? 0 : 1;
      }
      const d = s.doctor;
      const lines = [
        `médico ${d.id}`,
        `  nome:        ${d.name ?? '-'}`,
        `  telefone:    ${d.phone ? maskPhone(d.phone) : '-'}${d.whatsapp_lid ? `   lid: ${d.whatsapp_lid}` : ''}`,
        `  CRM:         ${(d.crm as string | null) ?? '-'}   especialidade: ${(d.specialty as string | null) ?? '-'}`,
        `  cidade:      ${(d.city as string | null) ?? '-'}   região: ${(d.region as string | null) ?? '-'}`,
        `  permissão:   ${s.state?.permission_state ?? '-'}`,
        `  conversa:    ${s.controlled_by ?? 'nenhuma ativa'}`,
        `  última msg:  ${s.last_interaction_at ? formatSaoPaulo(new Date(s.last_interaction_at)) : '-'}`,
        `  contagens:   ${Object.entries(s.counts ?? {}).map(([k, v]) => `${k}=${v}`).join(' ')}`,
      ];
      console.log(lines.join('\n'));
      return 0;
    }
    if (sub === 'export') {
      const doc = await exportDoctor(db, subject, actorOf(args));
      if (!doc.found) {
        console.error(doc.erased_opt_out ? 'julia doctor export: médico apagado (LGPD); nada guardado além do hash de opt-out' : 'julia doctor export: médico não encontrado');
        return 1;
      }
      const json = `${JSON.stringify(doc, null, 2)}\n`;
      const out = option(args, '--out');
      if (out) {
        writeFileSync(out, json, { mode: 0o600 });
        console.error(`exportado para ${out}`);
      } else process.stdout.write(json);
      return 0;
    }
    // erase
    if (!args.includes('--yes')) {
      const s = await doctorSummary(db, subject);
      if (!s.found) {
        console.log(s.erased_opt_out ? 'já apagado' : 'médico não encontrado');
        return s.erased_opt_out ? 0 : 1;
      }
      const ok = await confirm(`Apagar ${s.doctor?.name ?? 'o médico'} (${maskPhone(s.doctor?.phone ?? '')}) e todas as conversas dele? Não há volta. [s/N] `);
      if (!ok) {
        console.error('julia doctor erase: não confirmado (use --yes para confirmar sem perguntar)');
        return 1;
      }
    }
    const res = await eraseDoctor(db, subject, actorOf(args));
    if (res.status !== 'erased') {
      console.log(res.status === 'already_erased' ? 'já apagado' : 'médico não encontrado');
      return res.status === 'already_erased' ? 0 : 1;
    }
    let jobs = 0;
    const redis = createRedis(config.redisUrl, { name: 'doctor-erase', blocking: true });
    try {
      jobs = await purgeDoctorJobs(redis, config.REDIS_PREFIX, [res.doctor_id ?? '', ...(res.conversations ?? []), subject.phone ?? '', subject.lid ?? '']);
    } catch (err) {
      // The rows are gone already; a job left behind finds nothing and the outbound reservation refuses it.
      console.error(`julia doctor erase: fila não limpa (${(err as Error).message}); os jobs restantes não enviam nada`);
    } finally {
      redis.disconnect();
    }
    const counts = Object.entries(res.counts ?? {}).map(([k, v]) => `${k}=${v}`).join(' ');
    console.log(`apagado: ${counts} jobs_removidos=${jobs}${res.opt_out_kept ? ' (opt-out mantido pelo hash do número)' : ''}`);
    return 0;
  } finally {
    await db.close();
  }
}
