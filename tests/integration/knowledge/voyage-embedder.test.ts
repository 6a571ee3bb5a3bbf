import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createVoyageEmbedder, voyageApiRoot } from '../../../src/integrations/voyage/index.js';
import { selectEmbedder, LOCAL_EMBEDDING_MODEL } from '../../../src/retrieval/index.js';
import { startVoyageFake, type VoyageFake } from '../../fakes/voyage-fake.js';
import { testConfig } from '../../helpers/test-config.js';

let fake: VoyageFake;
beforeAll(async () => {
  fake = await startVoyageFake();
});
beforeEach(() => fake.reset());
afterAll(async () => fake.close());

describe('Voyage embedder', () => {
  it('sends model, input_type and 1024 dimensions to VOYAGE_BASE_URL', async () => {
    const embedder = selectEmbedder(testConfig({ VOYAGE_API_KEY: fake.apiKey, VOYAGE_BASE_URL: fake.url }));
    expect(embedder.model).toBe('voyage-4');
    const [doc] = await embedder.embed(['plantão noturno no ABC'], 'document');
    const [query] = await embedder.embed(['plantao noturno abc'], 'query');
    expect(doc).toHaveLength(1024);
    expect(query).toHaveLength(1024);
    expect(fake.calls().map((c) => [c.model, c.input_type, c.output_dimension])).toEqual([
      ['voyage-4', 'document', 1024],
      ['voyage-4', 'query', 1024],
    ]);
  });

  it('batches large inputs and keeps their order', async () => {
    const embedder = createVoyageEmbedder({ apiKey: fake.apiKey, baseUrl: fake.url, batchSize: 3, model: 'voyage-4-lite' });
    const texts = Array.from({ length: 7 }, (_, i) => `texto numero ${i}`);
    const vectors = await embedder.embed(texts, 'document');
    expect(vectors).toHaveLength(7);
    expect(fake.calls().map((c) => (c.input as string[]).length)).toEqual([3, 3, 1]);
    expect(fake.embeddedTexts()).toEqual(texts);
    const [again] = await embedder.embed([texts[5]!], 'document');
    expect(again).toEqual(vectors[5]);
  });

  it('retries rate limits and server errors', async () => {
    const embedder = createVoyageEmbedder({ apiKey: fake.apiKey, baseUrl: `${fake.url}/v1`, maxRetries: 3 });
    fake.failNext(1, 429).failNext(1, 503);
    const [v] = await embedder.embed(['valor do plantao'], 'query');
    expect(v).toHaveLength(1024);
    expect(fake.calls()).toHaveLength(3);
  });

  it('fails with the status when the key is wrong', async () => {
    const embedder = createVoyageEmbedder({ apiKey: 'wrong', baseUrl: fake.url, maxRetries: 0 });
    await expect(embedder.embed(['x'], 'query')).rejects.toMatchObject({ status: 401 });
  });

  it('uses the local embedder without a key', async () => {
    const embedder = selectEmbedder(testConfig({}));
    expect(embedder.model).toBe(LOCAL_EMBEDDING_MODEL);
    expect((await embedder.embed(['oi'], 'query'))[0]).toHaveLength(1024);
  });

  it('accepts the base URL with or without /v1', () => {
    expect(voyageApiRoot('https://api.voyageai.com')).toBe('https://api.voyageai.com/v1');
    expect(voyageApiRoot('https://api.voyageai.com/v1/')).toBe('https://api.voyageai.com/v1');
  });
});
