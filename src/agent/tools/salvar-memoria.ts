import { z } from 'zod';
import { errorMessage } from '../../shared/index.js';
import { MEMORY_CONFIDENCE, MEMORY_TYPES } from '../ports.js';
import type { AgentTool } from './tool.js';

const input = z.strictObject({
  informacao: z.string().min(3).max(500).describe('O fato a lembrar, numa frase (ex.: "prefere plantão noturno")'),
  tipo: z.enum(MEMORY_TYPES),
  confianca: z.enum(MEMORY_CONFIDENCE).default('media'),
  contexto: z.string().max(500).optional().describe('De onde veio a informação'),
});
export type SalvarMemoriaInput = z.infer<typeof input>;

export const salvarMemoria: AgentTool<SalvarMemoriaInput> = {
  name: 'salvar_memoria',
  description: 'Guarda na memória de longo prazo algo que o médico desta conversa contou (preferência, restrição, info pessoal útil...).',
  input,
  async execute(args, { doctorId, deps }) {
    try {
      // The doctor comes from the turn: the model cannot name another one.
      const res = await deps.memory.save(doctorId, {
        informacao: args.informacao,
        tipo: args.tipo,
        confianca: args.confianca,
        ...(args.contexto ? { contexto: args.contexto } : {}),
      });
      return { salvo: res.status === 'saved', duplicada: res.status === 'duplicate' };
    } catch (err) {
      // Fail-open (spec 10.1): losing a memory must not derail the conversation.
      deps.logger.warn({ err: errorMessage(err) }, 'salvar_memoria failed');
      return { salvo: false, observacao: 'não deu pra guardar agora; siga a conversa normalmente' };
    }
  },
};
