import type { AppDeps } from '../app-deps.js';
import type { Capability } from '../capability.js';
import type { Db } from '../db/index.js';
import { supervisorNoteText } from '../handoff/index.js';
import { BODY_LIMITS, boundedEnqueue, evolutionWebhook, oversizedEvolutionEvent } from '../http/index.js';
import { createDeadLetters } from '../inbound/index.js';
import { enqueueProviderEvent } from '../catchup/index.js';
import { transcribes } from './voice.js';
import { enqueueCallEvent } from '../calls/index.js';
import { safeJobId } from '../shared/index.js';
import { groupIngestHandler } from '../../workers/group-ingest.js';
import { inboundHandler } from '../../workers/inbound.js';
import { inboundSweeperHandler } from '../../workers/inbound-sweeper.js';
import { createOutboundHandler, type OutboundPayload } from '../../workers/outbound.js';
import { turnHandler } from '../../workers/turn.js';
import { modelRecoveryHandler } from '../../workers/model-recovery.js';
import { callReceivedHandler } from '../../workers/call-received.js';

/** Doctors on WhatsApp: the Evolution webhook, inbound, turn and the one way out. */
export function composeDoctorPath(deps: AppDeps): Capability {
  const { config, db, logger, queue, pipeline } = deps;
  const deadLetters = createDeadLetters(db, logger);
  return {
    name: 'doctor-path',
    mounts: [
      {
        path: '/webhooks/evolution',
        beforeBodyLimit: oversizedEvolutionEvent(BODY_LIMITS.evolution, config.EVOLUTION_WEBHOOK_TOKEN),
        app: evolutionWebhook({
          token: config.EVOLUTION_WEBHOOK_TOKEN,
          logger,
          deadLetter: (entry) => deadLetters.record(entry),
          // The message as the normalizer built it: the job schema fills fromMeAttempt (0). A
          // spread copy here cost more than the copy itself: zod's parse of it ran ~5x slower
          // (docs/decisions/0205-webhook-ack-cpu.md).
          enqueueInbound: (message) =>
            boundedEnqueue(queue, 'enqueue inbound', () =>
              queue.enqueue('inbound', message, { jobId: safeJobId('in', message.instance, message.providerMessageId) }),
            ).then(() => undefined),
          onProviderEvent: (envelope) =>
            boundedEnqueue(queue, 'enqueue evolution event', async () => (await enqueueCallEvent(queue, envelope)) ?? enqueueProviderEvent(queue, envelope)),
        }),
      },
    ],
    handlers: {
      outbound: createOutboundHandler(deps.sendOutbound, logger, async (payload, result) => {
        await settleReminder(db, payload.ctx.reminderId, result.outcome);
        if (deps.mirror && result.outcome === 'sent' && payload.ctx.conversationId) await deps.mirror(payload.ctx.conversationId);
        await explainToSupervisor(deps, payload, result);
      }, (payload, result) => explainToSupervisor(deps, payload, result), {
        signer: deps.jobSigner,
        // Someone wrote a job into Redis by hand: the managers hear of it (no text, no phone).
        onForged: (payload, job) =>
          deps.notices.post(`Envio recusado: job de saída sem assinatura válida na fila (job ${job.id}, método ${payload.ctx.method}). Verifique quem tem acesso ao Redis.`),
      }),
      inbound: inboundHandler({
        db, queue, logger, turnDebounceMs: config.TURN_DEBOUNCE_MS, transcribes: transcribes(config),
        automaticTexts: config.EVOLUTION_REJECT_CALL_MESSAGE ? [config.EVOLUTION_REJECT_CALL_MESSAGE] : [],
      }),
      turn: turnHandler(pipeline, { queue }),
      'call-received': callReceivedHandler({
        db, outbound: deps.outbound, clock: deps.clock, logger, providerAnswers: !!config.EVOLUTION_REJECT_CALL_MESSAGE,
      }),
      'group-ingest': groupIngestHandler({ db, queue }),
      ...(pipeline.probeModel
        ? { 'model-recovery': modelRecoveryHandler({ db, queue, logger, probeModel: pipeline.probeModel, turnDebounceMs: config.TURN_DEBOUNCE_MS }) }
        : {}),
      'inbound-sweeper': inboundSweeperHandler({ db, queue, logger, turnDebounceMs: config.TURN_DEBOUNCE_MS, outbound: deps.outbound }),
    },
  };
}

/** A REMINDER's row follows its send: sent, or cancelled when a guardrail stopped it. */
async function settleReminder(db: Db, reminderId: string | undefined, outcome: string): Promise<void> {
  if (!reminderId || outcome === 'deferred') return;
  await db.rpc('reminder_settle', { p_reminder_id: reminderId, p_outcome: outcome });
}

/**
 * A supervisor's message (actor chatwoot:*) is never dropped silently: when the
 * wrapper blocks or delays it, a private note in the conversation says why.
 * One note per message and outcome (the note job's id is derived from the key).
 */
async function explainToSupervisor(deps: AppDeps, payload: OutboundPayload, result: { outcome: string; rule?: string; reason?: string; until?: Date }): Promise<void> {
  if (!deps.note || !payload.ctx.actor.startsWith('chatwoot:') || !payload.ctx.conversationId) return;
  const text = supervisorNoteText(result);
  if (!text) return;
  await deps.note({ conversationId: payload.ctx.conversationId, key: `supervisor-${payload.idempotencyKey}-${result.outcome}-${result.reason ?? result.rule ?? ''}`, text });
}
