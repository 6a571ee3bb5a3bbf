import { formatBRL } from '../format.js';
import { ToolError } from './tool-error.js';

/** What directive_margin returns for one shift. */
export interface Margin {
  shiftId: string;
  listedCents: number;
  /** The ceiling: the tightest manager maximum, or the shift's own value when no directive sets one. */
  maxCents: number;
  minCents: number | null;
  fromDirective: boolean;
  directives: string[];
}

/** The margin as the model reads it next to a shift. */
export function marginForModel(m: Margin | undefined): Record<string, unknown> {
  if (!m || (!m.fromDirective && m.minCents === null && m.directives.length === 0)) return {};
  return {
    valor_maximo_autorizado: formatBRL(m.maxCents),
    ...(m.minCents !== null ? { valor_minimo_autorizado: formatBRL(m.minCents) } : {}),
    ...(m.directives.length ? { diretrizes: m.directives } : {}),
  };
}

/** A value outside the margin: a refusal the model can act on (never a promise it cannot keep). */
export function marginRefusal(reason: 'above_margin' | 'below_margin', valueCents: number, m: Margin): ToolError {
  if (reason === 'above_margin') {
    const why = m.fromDirective ? `o máximo autorizado pela gestão para essa vaga é ${formatBRL(m.maxCents)}` : `o valor da vaga é ${formatBRL(m.listedCents)} e não há margem autorizada acima dele`;
    return new ToolError(
      'acima_da_margem',
      `${formatBRL(valueCents)} não pode ser oferecido: ${why}. Não prometa esse valor; ofereça no máximo ${formatBRL(m.maxCents)} ou diga que vai verificar com a equipe.`,
      { valor_pedido: formatBRL(valueCents), valor_maximo_autorizado: formatBRL(m.maxCents) },
    );
  }
  return new ToolError('abaixo_da_margem', `${formatBRL(valueCents)} fica abaixo do mínimo autorizado pela gestão (${formatBRL(m.minCents ?? 0)}) para essa vaga.`, {
    valor_pedido: formatBRL(valueCents),
    valor_minimo_autorizado: formatBRL(m.minCents ?? 0),
  });
}

/** Reais as the model writes them (1800, 1800.5) → cents. */
export const toCents = (reais: number) => Math.round(reais * 100);
