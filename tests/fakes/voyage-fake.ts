import { HttpFake, type FakeReply, type RecordedRequest } from './http-fake.js';
import { fnv1a } from '../../src/shared/fnv1a.js';

export interface VoyageFakeOptions {
  /** Bearer token the fake expects. */
  apiKey?: string;
  /** Dimension when the request has no output_dimension. */
  defaultDimension?: number;
}

export interface VoyageCall {
  input: string | string[];
  model: string;
  input_type?: 'query' | 'document' | null;
  output_dimension?: number | null;
  truncation?: boolean;
  [key: string]: unknown;
}

const DIMENSIONS = new Set([256, 512, 1024, 2048]);
const MAX_BATCH = 1000;

// Accents are folded so "plantão" and "plantao" land on the same buckets, as a real model would treat them.
function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Deterministic stand-in for a Voyage embedding: hashed bag of words plus character
 * trigrams (so "plantões" is close to "plantão"), signed-hashed into `dimension`
 * buckets and L2-normalised. Same text, same vector; overlapping words, high cosine.
 */
export function fakeEmbedding(text: string, dimension = 1024): number[] {
  const vector = new Array<number>(dimension).fill(0);
  const add = (feature: string, weight: number) => {
    const bucket = fnv1a(feature) % dimension;
    const sign = fnv1a(`${feature}\u0000sign`) & 1 ? 1 : -1;
    vector[bucket] = (vector[bucket] ?? 0) + sign * weight;
  };
  for (const word of words(text)) {
    add(`w:${word}`, 1);
    const padded = `#${word}#`;
    for (let i = 0; i + 3 <= padded.length; i++) add(`t:${padded.slice(i, i + 3)}`, 0.35);
  }
  let norm = Math.hypot(...vector);
  if (norm === 0) {
    // Empty or symbol-only text still gets a unit vector so cosine math never divides by zero.
    vector[fnv1a('empty') % dimension] = 1;
    norm = 1;
  }
  return vector.map((v) => v / norm);
}

export function cosineSimilarity(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  a.forEach((x, i) => {
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  });
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

const voyageError = (status: number, detail: string): FakeReply => ({ status, body: { detail } });

/** Voyage AI `POST /v1/embeddings` with deterministic, similarity-preserving vectors. */
export class VoyageFake extends HttpFake {
  readonly apiKey: string;
  private readonly defaultDimension: number;

  constructor(options: VoyageFakeOptions = {}) {
    super('voyage fake');
    this.apiKey = options.apiKey ?? 'voyage-test-key';
    this.defaultDimension = options.defaultDimension ?? 1024;
    this.route('POST', '/v1/embeddings', (req) => this.embed(req));
  }

  calls(): VoyageCall[] {
    return this.requestsTo('POST', '/v1/embeddings').map((r) => r.body as VoyageCall);
  }

  /** Every text sent for embedding, in order, flattened across calls. */
  embeddedTexts(): string[] {
    return this.calls().flatMap((c) => (Array.isArray(c.input) ? c.input : [c.input]));
  }

  protected override failureBody(status: number): unknown {
    return {
      detail: status === 429 ? 'You have exceeded your rate limit. Please slow down.' : 'fake: injected failure',
    };
  }

  protected override authorize(req: RecordedRequest): FakeReply | undefined {
    if (req.headers['authorization'] !== `Bearer ${this.apiKey}`) {
      return voyageError(401, 'Provided API key is invalid.');
    }
    return undefined;
  }

  private embed(req: RecordedRequest): FakeReply {
    const body = (req.body ?? {}) as Partial<VoyageCall>;
    if (typeof body.model !== 'string' || body.model === '') return voyageError(400, 'Field "model" is required.');
    const inputs = typeof body.input === 'string' ? [body.input] : body.input;
    if (!Array.isArray(inputs) || inputs.length === 0 || inputs.some((t) => typeof t !== 'string')) {
      return voyageError(400, 'Field "input" must be a string or a non-empty list of strings.');
    }
    if (inputs.length > MAX_BATCH) return voyageError(400, `The batch size limit is ${MAX_BATCH}.`);
    const dimension = body.output_dimension ?? this.defaultDimension;
    if (!DIMENSIONS.has(dimension)) {
      return voyageError(400, `output_dimension must be one of ${[...DIMENSIONS].join(', ')}.`);
    }
    return {
      status: 200,
      body: {
        object: 'list',
        data: inputs.map((text, index) => ({ object: 'embedding', embedding: fakeEmbedding(text, dimension), index })),
        model: body.model,
        usage: { total_tokens: inputs.reduce((sum, t) => sum + Math.max(1, Math.ceil(t.length / 4)), 0) },
      },
    };
  }
}

export async function startVoyageFake(options: VoyageFakeOptions = {}): Promise<VoyageFake> {
  return new VoyageFake(options).listen();
}
