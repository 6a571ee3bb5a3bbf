import type { AdminContext } from '../admin-tool.js';

interface Doctor {
  id: string;
  name: string | null;
  phone: string;
}

/** A doctor named by id in a preview: the manager confirms a name, never a bare uuid. */
export async function doctorLabel(ctx: AdminContext, doctorId: string): Promise<string> {
  const d = await ctx.deps.db.rpc<Doctor | null>('doctor_get', { p_doctor_id: doctorId });
  if (!d) throw new Error('médico não encontrado; use buscar_medico para achar o id');
  return `${d.name ?? 'médico sem nome'} (final ${d.phone.slice(-4)})`;
}

export async function permissionOf(ctx: AdminContext, doctorId: string): Promise<string> {
  const s = await ctx.deps.db.rpc<{ permission_state?: string } | null>('doctor_state_get', { p_doctor_id: doctorId });
  return s?.permission_state ?? 'opted_in';
}
