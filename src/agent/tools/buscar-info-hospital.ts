import { z } from 'zod';
import type { AgentTool } from './tool.js';

const input = z.strictObject({
  nome_hospital: z.string().min(2).max(120).describe('Nome do hospital, como o médico falou'),
});
export type BuscarInfoHospitalInput = z.infer<typeof input>;

interface HospitalRow {
  name: string;
  address: string;
  neighborhood: string | null;
  city: string;
  state: string;
  region: string | null;
  notes: string | null;
}

export const buscarInfoHospital: AgentTool<BuscarInfoHospitalInput> = {
  name: 'buscar_info_hospital',
  description: 'Endereço, bairro, cidade e observações de um hospital parceiro (busca sem diferenciar acento ou maiúscula).',
  input,
  async execute(args, { deps }) {
    const res = await deps.db.rpc<{ hospitals: HospitalRow[] }>('agent_hospital_info', { p_name: args.nome_hospital });
    const hospitais = res.hospitals.map((h) => ({
      nome: h.name,
      endereco: `${h.address}${h.neighborhood ? ` - ${h.neighborhood}` : ''}, ${h.city} - ${h.state}`,
      regiao: h.region,
      observacoes: h.notes,
    }));
    return hospitais.length > 0
      ? { encontrado: true, hospitais }
      : { encontrado: false, observacao: `nenhum hospital parceiro com o nome "${args.nome_hospital}"` };
  },
};
