import type { ImportSummary } from './run-import.js';

const WHAT = { doctors: 'médicos', hospitals: 'hospitais', shifts: 'vagas' } as const;
const MAX_LINES = 50;

/** The operator's summary, in Portuguese: counts, every bad row by line (up to a cap), and the status given. */
export function formatSummary(s: ImportSummary): string {
  const out: string[] = [];
  out.push(`${s.dryRun ? 'SIMULAÇÃO (nada foi gravado): ' : ''}${s.file}: ${s.rows} linha(s) de ${WHAT[s.kind]} lidas (${s.encoding})`);
  const verb = s.dryRun ? 'seriam ' : '';
  out.push(`  ${verb}novos: ${s.inserted}   ${verb}atualizados: ${s.updated}   sem mudança: ${s.unchanged}   com erro: ${s.errors.length}`);
  if (s.merged.length) {
    out.push(`  ${s.merged.length} linha(s) repetiam um telefone já lido e foram unidas ao mesmo médico:`);
    for (const m of s.merged.slice(0, MAX_LINES)) out.push(`    linha ${m.line}: mesmo telefone da linha ${m.sameAs}`);
  }
  if (s.errors.length) {
    out.push('  linhas não importadas:');
    for (const e of s.errors.slice(0, MAX_LINES)) out.push(`    linha ${e.line}: ${e.reason}`);
    if (s.errors.length > MAX_LINES) out.push(`    ... e mais ${s.errors.length - MAX_LINES}`);
  }
  if (s.defaultStatus) {
    out.push(`  o arquivo não tem coluna de cadastro: médicos novos ficaram com cadastro "${s.defaultStatus}"${s.defaultStatus === 'aprovado' ? '' : ' (Júlia não reserva plantão para eles até o cadastro ser aprovado; use --status aprovado se a empresa já os aprovou)'}`);
  }
  if (s.ignoredColumns.length) out.push(`  colunas ignoradas: ${s.ignoredColumns.join(', ')}`);
  if (s.actions?.length) {
    const changes = s.actions.filter((a) => a.action !== 'sem_mudanca').sort((a, b) => a.line - b.line);
    if (changes.length) out.push('  o que mudaria:');
    for (const a of changes.slice(0, MAX_LINES)) out.push(`    linha ${a.line}: ${a.action === 'novo' ? 'novo' : 'atualizado'}`);
    if (changes.length > MAX_LINES) out.push(`    ... e mais ${changes.length - MAX_LINES}`);
  }
  if (s.runId) out.push(`  importação registrada: ${s.runId} (sha256 ${s.sha256.slice(0, 16)}…)`);
  return out.join('\n');
}
