import type { GroupReview } from '../../../groups/index.js';
import { spParts } from '../../../shared/index.js';

/** One line the manager recognises in a preview: hospital, specialty, when, value. */
export async function describeGroupShift(review: GroupReview, id: string): Promise<string> {
  const s = await review.detalhes_vaga_grupo({ id });
  if (!s) return `vaga de grupo ${id} (não encontrada)`;
  const when = s.starts_at ? spWhen(new Date(s.starts_at)) : 'data a confirmar';
  const value = s.value_cents != null ? `R$ ${(s.value_cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 })}` : 'valor a confirmar';
  return `${s.hospital ?? 'hospital a confirmar'} · ${s.specialty ?? 'especialidade a confirmar'} · ${when} · ${value}`;
}

function spWhen(d: Date): string {
  const p = spParts(d);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(p.day)}/${two(p.month)} ${two(p.hour)}h${two(p.minute)}`;
}
