import { CacheDiagnosisChain, createRegionMap, loadPrompts, PROMPTS_DIR, probeModel, runAgentTurn, type AgentDeps } from '../agent/index.js';
import type { AppDeps } from '../app-deps.js';
import { handoffDraftNoteText } from '../handoff/index.js';
import { postConversationNotice } from '../slack/index.js';
import { createAnthropicClient, unconfiguredLlm } from '../integrations/anthropic/index.js';
import { handoffNoticeText, loadPipelineReplies, type PipelineDeps } from '../pipeline/index.js';
import { createKnowledge, selectEmbedder } from '../retrieval/index.js';

/** What the pipeline is built from: the app's shared parts (as AppDeps documents them), and the way to the managers. */
export type PipelineParts = Pick<AppDeps, 'config' | 'db' | 'redis' | 'redisPrefix' | 'clock' | 'logger' | 'outbound' | 'whatsapp' | 'notices' | 'mirror' | 'note'> & {
  /** consultar_gestor's way to the managers (src/compose/ask-manager.ts); absent without Slack. */
  askManager?: AgentDeps['askManager'];
};

export function composePipeline(p: PipelineParts): PipelineDeps {
  const { config, db, logger } = p;
  const embedder = selectEmbedder(config);
  // Uncertain objections, and close opt-out, bot and hand-off calls, go to the fast model, bounded at 1.5 s
  // (falls back to the detectors).
  const arbiter = config.ANTHROPIC_API_KEY
    ? {
        llm: createAnthropicClient({ apiKey: config.ANTHROPIC_API_KEY, ...(config.ANTHROPIC_BASE_URL ? { baseURL: config.ANTHROPIC_BASE_URL } : {}), timeoutMs: 1_500, maxRetries: 0 }),
        model: config.ANTHROPIC_MODEL_FAST,
        logger,
      }
    : undefined;
  const knowledge = createKnowledge({ db, embedder, redis: p.redis, prefix: p.redisPrefix, logger, ...(arbiter ? { arbiter } : {}) });
  const prompts = loadPrompts(PROMPTS_DIR, { houseRulesPath: config.HOUSE_RULES_PATH });
  const agent: AgentDeps = {
    db,
    clock: p.clock,
    logger,
    embedder,
    outbound: p.outbound,
    memory: knowledge.memory,
    notifyManagers: (text) => postConversationNotice({ config, db, notices: p.notices }, { title: 'Aviso da Júlia', text }),
    ...(p.askManager ? { askManager: p.askManager } : {}),
    registrationRequired: config.REGISTRATION_REQUIRED,
    llm: config.ANTHROPIC_API_KEY
      ? createAnthropicClient({ apiKey: config.ANTHROPIC_API_KEY, ...(config.ANTHROPIC_BASE_URL ? { baseURL: config.ANTHROPIC_BASE_URL } : {}), timeoutMs: config.ANTHROPIC_TIMEOUT_MS })
      : unconfiguredLlm(),
    prompts,
    models: { fast: config.ANTHROPIC_MODEL_FAST, smart: config.ANTHROPIC_MODEL_SMART },
    knowledge: knowledge.orchestrator,
    ...(config.ANTHROPIC_CACHE_DIAGNOSTICS ? { cacheDiagnosis: new CacheDiagnosisChain() } : {}),
    regionMap: createRegionMap({ db, clock: p.clock, logger }),
  };
  return {
    db,
    logger,
    clock: p.clock,
    humanizedDelay: config.HUMANIZED_DELAY,
    random: Math.random,
    replies: loadPipelineReplies(prompts),
    agent: (input) => runAgentTurn(agent, input),
    probeModel: () => probeModel(agent),
    modelOutage: { budgetMs: config.MODEL_OUTAGE_BUDGET_MS, retryBaseMs: config.MODEL_RETRY_BASE_MS },
    knowledge: knowledge.orchestrator,
    detectors: knowledge.detectors,
    ...(arbiter ? { arbiter } : {}),
    outbound: p.outbound,
    ...(p.mirror ? { mirrorInbound: (conversationId: string) => p.mirror!(conversationId) } : {}),
    fetchImage: async (instance, chatJid, id) => {
      const media = await p.whatsapp.getMediaBase64(instance, { remoteJid: chatJid, id });
      return media ? { mediaType: media.mimetype, data: media.base64 } : null;
    },
    markRead: async (instance, chatJid, ids) => {
      for (const id of ids) await p.whatsapp.markMessageAsRead(instance, { remoteJid: chatJid, id, fromMe: false });
    },
    notifyHandoff: async (n) => {
      await postConversationNotice({ config, db, notices: p.notices }, { title: 'Hand-off: precisa de uma pessoa', text: handoffNoticeText(n), conversationId: n.conversationId });
      // The person taking over sees why and what Júlia was about to say, where they work.
      if (p.note) await p.note({ conversationId: n.conversationId, key: `handoff-${n.conversationId}-${Date.now()}`, text: handoffDraftNoteText(n) });
      if (n.draft || n.actions?.length) {
        await db.rpc('business_event_emit', {
          p_event_type: 'handoff_draft', p_doctor_id: n.doctorId, p_conversation_id: n.conversationId,
          p_props: { reason: n.reason, draft_chars: n.draft?.length ?? 0, actions: n.actions?.length ?? 0 },
        });
      }
    },
  };
}
