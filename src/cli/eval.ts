import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { loadPrompts } from '../agent/index.js';
import { loadScenarios, renderTable, runSuite, startOfflineBackend, totals, type ModelBackend } from '../eval/index.js';
import { createAnthropicClient } from '../integrations/anthropic/index.js';
import { createKnowledge, selectEmbedder } from '../retrieval/index.js';
import { createLogger, systemClock } from '../shared/index.js';

const SCENARIOS_DIR = fileURLToPath(new URL('../../tests/scenarios/', import.meta.url));

/**
 * `julia eval [--offline] [--only id,...] [--json]`: plays tests/scenarios through
 * the real pipeline on throwaway databases and prints one line per scenario and
 * the totals. Online it talks to the configured model (costs money); offline
 * the model's answers are the scenarios' scripted steps. Exit 1 if any fails.
 */
export async function run(config: Config, args: string[] = []): Promise<number> {
  const { values } = parseArgs({ args, options: { offline: { type: 'boolean' }, only: { type: 'string' }, json: { type: 'boolean' }, dir: { type: 'string' } } });
  const offline = values.offline ?? false;
  if (!offline && !config.ANTHROPIC_API_KEY) {
    console.error('julia eval: ANTHROPIC_API_KEY is not set; use --offline for the scripted run');
    return 1;
  }
  const only = values.only ? new Set(values.only.split(',')) : undefined;
  const scenarios = loadScenarios(values.dir ?? SCENARIOS_DIR).filter((s) => !only || only.has(s.id));
  const logger = createLogger('silent');
  const offlineBackend = offline ? await startOfflineBackend() : undefined;
  const backend: ModelBackend = offlineBackend ?? {
    llm: createAnthropicClient({
      apiKey: config.ANTHROPIC_API_KEY!,
      ...(config.ANTHROPIC_BASE_URL ? { baseURL: config.ANTHROPIC_BASE_URL } : {}),
      timeoutMs: config.ANTHROPIC_TIMEOUT_MS,
    }),
  };
  // Offline uses the local embedder whatever the config says: no network in CI.
  const embedder = selectEmbedder(offline ? { VOYAGE_API_KEY: undefined, VOYAGE_BASE_URL: undefined, VOYAGE_MODEL: config.VOYAGE_MODEL } : config);
  try {
    const scores = await runSuite({
      scenarios,
      clock: systemClock,
      logger,
      prompts: loadPrompts(),
      models: { fast: config.ANTHROPIC_MODEL_FAST, smart: config.ANTHROPIC_MODEL_SMART },
      backend,
      embedder,
      knowledge: (db) => createKnowledge({ db, embedder, logger }).orchestrator,
      onScenario: (s) => process.stderr.write(`${s.success ? '.' : 'F'}`),
    });
    process.stderr.write('\n');
    console.log(values.json ? JSON.stringify({ totals: totals(scores), scenarios: scores }, null, 2) : renderTable(scores));
    return scores.every((s) => s.success) && scores.length > 0 ? 0 : 1;
  } finally {
    await offlineBackend?.close();
  }
}
