import { createInterface } from 'node:readline';
import type { Config } from '../config.js';
import { createRegionMap, loadPrompts, PROMPTS_DIR, runAgentTurn, type AgentDeps, type HistoryMessage } from '../agent/index.js';
import { isSqlDb, migrate, openDb } from '../db/index.js';
import { createAnthropicClient } from '../integrations/anthropic/index.js';
import type { OutboundEnqueuer } from '../outbound/contract.js';
import { createKnowledge, selectEmbedder } from '../retrieval/index.js';
import { createLogger, normalizePhone, spHuman, systemClock } from '../shared/index.js';

const DEMO_PHONE = '5511987650001';

/**
 * `julia chat [phone]`: talk to Júlia in the terminal as a doctor would, through
 * the same agent turn the WhatsApp pipeline runs (context, routing, tools,
 * database). It is a demo: bubbles are printed, nothing goes to WhatsApp, and
 * reminders or manager notices are printed instead of queued or posted.
 */
export async function run(config: Config, args: string[]): Promise<number> {
  if (!config.ANTHROPIC_API_KEY) {
    console.error('julia chat: ANTHROPIC_API_KEY is not set; export it (and ANTHROPIC_BASE_URL for a proxy) and try again');
    return 1;
  }
  const phone = normalizePhone(args.find((a) => !a.startsWith('-')) ?? DEMO_PHONE);
  if (!phone) {
    console.error('julia chat: usage: julia chat [doctor phone, e.g. 5511987650001]');
    return 2;
  }
  const logger = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const db = await openDb(config.database);
  try {
    if (isSqlDb(db)) await migrate(db, { logger });
    const doctor = await db.rpc<{ id: string; name: string | null } | null>('doctor_get', { p_phone: phone });
    if (!doctor) {
      console.error(`julia chat: no doctor with phone ${phone}; run \`julia seed\` for the demo doctors or pass another phone`);
      return 1;
    }
    const conversation = await db.rpc<{ id: string }>('agent_conversation_open', { p_doctor_id: doctor.id });
    const embedder = selectEmbedder(config);
    const knowledge = createKnowledge({ db, embedder, logger });
    const outbound: OutboundEnqueuer = {
      async enqueueOutbound(ctx, text, opts) {
        const at = new Date(systemClock.now().getTime() + (opts.delayMs ?? 0));
        console.log(`  [${ctx.method.toLowerCase()} para ${spHuman(at)}: "${text}" (demo: não enviado)]`);
        return { jobId: opts.idempotencyKey };
      },
    };
    const deps: AgentDeps = {
      db,
      clock: systemClock,
      logger,
      embedder,
      outbound,
      memory: knowledge.memory,
      knowledge: knowledge.orchestrator,
      async notifyManagers(text) {
        console.log(`  [gestão: ${text}]`);
      },
      llm: createAnthropicClient({
        apiKey: config.ANTHROPIC_API_KEY,
        ...(config.ANTHROPIC_BASE_URL ? { baseURL: config.ANTHROPIC_BASE_URL } : {}),
        timeoutMs: config.ANTHROPIC_TIMEOUT_MS,
      }),
      prompts: loadPrompts(PROMPTS_DIR, { houseRulesPath: config.HOUSE_RULES_PATH }),
      regionMap: createRegionMap({ db, clock: systemClock, logger }),
      models: { fast: config.ANTHROPIC_MODEL_FAST, smart: config.ANTHROPIC_MODEL_SMART },
    };
    console.log(`Conversando com a Júlia como ${doctor.name ?? phone}. Linha vazia ou Ctrl-D para sair.\n`);
    const history: HistoryMessage[] = [];
    // The line iterator buffers input, so piping a script (`julia chat < lines.txt`) works as well as typing.
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
    rl.setPrompt('você> ');
    rl.prompt();
    try {
      for await (const raw of rl) {
        const line = raw.trim();
        if (!line) break;
        history.push({ role: 'doctor', text: line });
        const r = await runAgentTurn(deps, { doctorId: doctor.id, conversationId: conversation.id, history });
        if (r.handoff) {
          console.log(`  [hand-off para um humano: ${r.handoff.reason}]`);
        } else {
          for (const bubble of r.bubbles) console.log(`júlia> ${bubble}`);
          console.log(`  [${r.model} (${r.modelReason}), ${r.toolCalls.map((t) => t.name).join(', ') || 'sem ferramentas'}]`);
          history.push(...r.bubbles.map((text) => ({ role: 'julia' as const, text })));
        }
        rl.prompt();
      }
    } finally {
      rl.close();
    }
    return 0;
  } finally {
    await db.close();
  }
}
