import type { Config } from '../config.js';
import { createVoyageEmbedder } from '../integrations/voyage/index.js';
import type { Embedder } from './embedder.js';
import { createLocalEmbedder } from './local-embedder.js';

/** Voyage when a key is configured (docs/architecture.md, "Configuration"); the local embedder otherwise. */
export function selectEmbedder(config: Pick<Config, 'VOYAGE_API_KEY' | 'VOYAGE_BASE_URL' | 'VOYAGE_MODEL'>): Embedder {
  if (!config.VOYAGE_API_KEY) return createLocalEmbedder();
  return createVoyageEmbedder({
    apiKey: config.VOYAGE_API_KEY,
    ...(config.VOYAGE_BASE_URL ? { baseUrl: config.VOYAGE_BASE_URL } : {}),
    model: config.VOYAGE_MODEL,
    dimensions: 1024,
  });
}
