import { VoyageAIClient, VoyageAIError } from 'voyageai';

export interface VoyageEmbedderOptions {
  apiKey: string;
  /** Host or API root; "/v1" is appended when missing, so both forms work. */
  baseUrl?: string;
  model?: string;
  dimensions?: number;
  timeoutMs?: number;
  /** Retries on 408, 429 and 5xx, with the SDK's backoff (honours Retry-After). */
  maxRetries?: number;
  /** Texts per request; the API accepts up to 1000 but token limits bite first. */
  batchSize?: number;
}

/** Structurally the retrieval Embedder port; integrations do not import capabilities. */
export interface VoyageEmbedder {
  readonly model: string;
  readonly dimensions: number;
  embed(texts: string[], inputType: 'document' | 'query'): Promise<number[][]>;
}

export class VoyageEmbedError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'VoyageEmbedError';
  }
}

export function voyageApiRoot(baseUrl: string | undefined): string | undefined {
  if (!baseUrl) return undefined;
  const trimmed = baseUrl.replace(/\/+$/, '');
  return /\/v1$/.test(trimmed) ? trimmed : `${trimmed}/v1`;
}

/** Voyage embeddings (voyage-4 family at 1024 dims by default), batched. */
export function createVoyageEmbedder(opts: VoyageEmbedderOptions): VoyageEmbedder {
  const model = opts.model ?? 'voyage-4';
  const dimensions = opts.dimensions ?? 1024;
  const batchSize = opts.batchSize ?? 128;
  const client = new VoyageAIClient({
    apiKey: opts.apiKey,
    ...(opts.baseUrl ? { baseUrl: voyageApiRoot(opts.baseUrl) } : {}),
    timeoutInSeconds: (opts.timeoutMs ?? 20_000) / 1000,
    maxRetries: opts.maxRetries ?? 3,
  });
  return {
    model,
    dimensions,
    async embed(texts, inputType) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        const batch = texts.slice(i, i + batchSize);
        let res;
        try {
          res = await client.embed({ input: batch, model, inputType, outputDimension: dimensions, truncation: true });
        } catch (err) {
          const status = err instanceof VoyageAIError ? err.statusCode : undefined;
          throw new VoyageEmbedError(`voyage embed failed${status ? ` (${status})` : ''}: ${(err as Error).message}`, status);
        }
        const data = [...(res.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
        if (data.length !== batch.length) throw new VoyageEmbedError(`voyage returned ${data.length} embeddings for ${batch.length} inputs`);
        for (const item of data) {
          const vector = item.embedding;
          if (!Array.isArray(vector) || vector.length !== dimensions) {
            throw new VoyageEmbedError(`voyage returned a vector of ${Array.isArray(vector) ? vector.length : 'no'} dimensions, expected ${dimensions}`);
          }
          out.push(vector);
        }
      }
      return out;
    },
  };
}
