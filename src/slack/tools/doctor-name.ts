import { canonical, phoneSuffix } from '../../shared/index.js';
import type { AdminContext } from '../admin-tool.js';

/** A name someone typed on WhatsApp, on one short line: it cannot fake a line of the preview. */
export function oneLine(text: string | null | undefined, max = 80): string {
  const flat = canonical(text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

interface Doctor {
  id: string;
  name: string | null;
  phone: string;
}

/** A doctor named by id in a preview: the manager confirms a name, never a bare uuid. */
export async function doctorLabel(ctx: AdminContext, doctorId: string): Promise<string> {
  const d = await ctx.deps.db.rpc<Doctor | null>('doctor_get', { p_doctor_id: doctorId });
  if (!d) throw new Error('médico não encontrado; use buscar_medico para achar o id');
  return `${oneLine(d.name) || 'médico sem nome'} (final ${phoneSuffix(d.phone)})`;
}

export async function permissionOf(ctx: AdminContext, doctorId: string): Promise<string> {
  const s = await ctx.deps.db.rpc<{ permission_state?: string } | null>('doctor_state_get', { p_doctor_id: doctorId });
  return s?.permission_state ?? 'opted_in';
}
