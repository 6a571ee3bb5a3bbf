import { HANDOFF_REASONS, PEDIR_HUMANO, REGISTRAR_OPT_OUT, type PedirHumanoMotivo } from './tools/index.js';
import type { ToolCallRecord } from './tool-loop.js';

/** What the turn's tools decided for the whole turn, beyond their own results. */
export interface ToolDecisions {
  /** registrar_opt_out ran; `changed`: one of its calls was the one that opted the doctor out. */
  optOut?: { changed: boolean };
  /** pedir_humano ran, with the hand-off reason the pipeline records. */
  handoff?: { reason: string };
}

type Result = Record<string, unknown>;
const obj = (v: unknown): Result => (v && typeof v === 'object' ? (v as Result) : {});

/**
 * Reads the tool calls (a rewrite's replayed ones included): a stop outranks a
 * hand-off, because a doctor who asked to stop must hear the confirmation and
 * never an offer of a person who would write to him again.
 */
export function toolDecisions(toolCalls: ToolCallRecord[]): ToolDecisions {
  const ok = toolCalls.filter((c) => !c.isError);
  const stops = ok.filter((c) => c.name === REGISTRAR_OPT_OUT && obj(c.result)['registrado'] === true);
  if (stops.length) return { optOut: { changed: stops.some((c) => obj(c.result)['ja_estava_registrado'] === false) } };
  const handoff = ok.find((c) => c.name === PEDIR_HUMANO && obj(c.result)['transferencia_pedida'] === true);
  if (handoff) {
    const motivo = obj(handoff.result)['motivo'] as PedirHumanoMotivo;
    return { handoff: { reason: HANDOFF_REASONS[motivo] ?? 'human_request' } };
  }
  return {};
}
