import { z } from 'zod';
import type { LlmTool } from '../../integrations/anthropic/index.js';
import { agendarLembrete } from './agendar-lembrete.js';
import { buscarInfoHospital } from './buscar-info-hospital.js';
import { buscarVagas } from './buscar-vagas.js';
import { confirmarPlantao } from './confirmar-plantao.js';
import { consultarGestor } from './consultar-gestor.js';
import { reservarPlantao } from './reservar-plantao.js';
import { salvarMemoria } from './salvar-memoria.js';
import { proporValor } from './propor-valor.js';
import { registrarOptOut } from './registrar-opt-out.js';
import { pedirHumano } from './pedir-humano.js';
import type { AgentTool } from './tool.js';

export type { AgentTool, ToolContext, ToolDeps } from './tool.js';
export { ToolError } from './tool-error.js';
export { buscarVagas, parseWeekdays } from './buscar-vagas.js';
export { reservarPlantao } from './reservar-plantao.js';
export { buscarInfoHospital } from './buscar-info-hospital.js';
export { salvarMemoria } from './salvar-memoria.js';
export { agendarLembrete, parseSpLocal } from './agendar-lembrete.js';
export { confirmarPlantao } from './confirmar-plantao.js';
export { proporValor } from './propor-valor.js';
export { consultarGestor } from './consultar-gestor.js';
export { registrarOptOut, REGISTRAR_OPT_OUT } from './registrar-opt-out.js';
export { pedirHumano, PEDIR_HUMANO, HANDOFF_REASONS, type PedirHumanoMotivo } from './pedir-humano.js';

/**
 * The spec's five WhatsApp tools (1.3) plus the post-shift confirmation (5.5),
 * consultar_gestor (ask the managers), and registrar_opt_out and pedir_humano
 * (a stop or a request for a person the rules let through), in a fixed order so
 * the cached prompt prefix stays stable.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const JULIA_TOOLS: AgentTool<any>[] = [buscarVagas, reservarPlantao, buscarInfoHospital, agendarLembrete, salvarMemoria, confirmarPlantao, proporValor, consultarGestor, registrarOptOut, pedirHumano];

/** JSON Schema of the zod input, as the Messages API expects it (what the model may send). */
export function toLlmTool(tool: AgentTool<unknown>): LlmTool {
  // Converting zod to JSON Schema cost ~3% of a worker's CPU in bench/burst.ts, paid
  // on every turn for schemas that never change: once per tool object, then a copy
  // (a caller may add fields to its tool list without touching the cached one).
  let cached = jsonSchemas.get(tool.input);
  if (!cached) {
    const { $schema: _ignored, ...schema } = z.toJSONSchema(tool.input, { io: 'input' }) as Record<string, unknown>;
    cached = Object.freeze({ ...schema, type: 'object' as const });
    jsonSchemas.set(tool.input, cached);
  }
  return { name: tool.name, description: tool.description, input_schema: cached };
}
const jsonSchemas = new WeakMap<z.ZodType, LlmTool['input_schema']>();
