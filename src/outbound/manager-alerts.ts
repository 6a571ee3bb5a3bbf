import { errorMessage } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import type { OutboundContext } from './contract.js';
import type { RateLimiter } from './rate-limiter.js';

export interface ManagerAlertDeps {
  /** The managers' channel (SlackNotifier.post); absent → log only. */
  alert?: (text: string) => Promise<void>;
  rateLimiter: Pick<RateLimiter, 'claimOnce'>;
  logger: Logger;
  /** At most one configuration-fault alert per instance per this period, across processes. */
  configAlertPeriodMs?: number;
}

/** What the wrapper tells the managers. No phone, no message text (I5): ids only. */
export function createManagerAlerts(deps: ManagerAlertDeps) {
  const post = (text: string) =>
    deps.alert?.(text).catch((e: unknown) => deps.logger.warn({ err: errorMessage(e) }, 'manager alert failed')) ?? Promise.resolve();
  return {
    /** A bad key or a missing instance needs a person: once per instance per period, not per message. */
    async configFault(instance: string, status: number | undefined): Promise<void> {
      deps.logger.error({ instance, status }, 'evolution: configuration fault (API key or instance); sends through it wait');
      if (!deps.alert) return;
      const first = deps.rateLimiter.claimOnce
        ? await deps.rateLimiter.claimOnce(`config-fault:${instance}`, deps.configAlertPeriodMs ?? 30 * 60_000).catch(() => true)
        : true;
      if (!first) return;
      await post(
        `Evolution: a instância "${instance}" respondeu HTTP ${status ?? '?'} (chave da API errada ou instância inexistente). ` +
          'Os envios por ela estão em espera, nada foi perdido; corrija a configuração.',
      );
    },
    /** A send paused by safe_mode outlived its lateness window: it will not go out. */
    async expired(ctx: OutboundContext, lateMs: number): Promise<void> {
      const hours = Math.round(lateMs / 360_000) / 10;
      const what = `${ctx.method} (médico ${ctx.doctorId}${ctx.reminderId ? `, lembrete ${ctx.reminderId}` : ''})`;
      await post(`safe_mode: um envio ${what} esperou ${hours} h, passou da janela de atraso e não será enviado.`);
    },
  };
}
