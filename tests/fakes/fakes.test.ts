import Anthropic from '@anthropic-ai/sdk';
import { createClient } from '@supabase/supabase-js';
import { LogLevel, WebClient, type WebAPIPlatformError } from '@slack/web-api';
import { VoyageAIClient, VoyageAIError } from 'voyageai';
import WebSocket from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cosineSimilarity,
  postgresError,
  rpcOk,
  startAnthropicFake,
  startPostgrestFake,
  startSlackFake,
  startVoyageFake,
  type AnthropicFake,
  type PostgrestFake,
  type SlackFake,
  type VoyageFake,
} from './index.js';

// These tests drive the real vendor SDKs against the fakes, so a fake that drifts from
// what the SDK sends or expects fails here rather than in the agent's tests.

describe('anthropic fake + @anthropic-ai/sdk', () => {
  let fake: AnthropicFake;
  let client: Anthropic;
  const base = { model: 'claude-sonnet-4-6', max_tokens: 512 } as const;

  beforeAll(async () => {
    fake = await startAnthropicFake();
    client = new Anthropic({ apiKey: 'test', baseURL: fake.url, maxRetries: 0 });
  });
  beforeEach(() => fake.reset());
  afterAll(() => fake.close());

  it('returns a scripted text reply and records what the model was shown', async () => {
    fake.push({ text: 'Oi, Dra. Ana! O plantão de sábado ainda está aberto.' });
    const reply = await client.messages.create({
      ...base,
      system: [{ type: 'text', text: 'Você é a Júlia.', cache_control: { type: 'ephemeral' } }],
      messages: [{ role: 'user', content: 'Oi, a vaga de sábado ainda tá aberta?' }],
    });
    expect(reply.type).toBe('message');
    expect(reply.role).toBe('assistant');
    expect(reply.model).toBe(base.model);
    expect(reply.stop_reason).toBe('end_turn');
    expect(reply.stop_sequence).toBeNull();
    expect(reply.id).toMatch(/^msg_01/);
    expect(reply.content).toEqual([{ type: 'text', text: 'Oi, Dra. Ana! O plantão de sábado ainda está aberto.' }]);
    expect(reply.usage.cache_creation_input_tokens).toBe(0);
    expect(reply.usage.cache_read_input_tokens).toBe(0);
    expect(reply.usage.input_tokens).toBeGreaterThan(0);

    const call = fake.lastCall();
    expect(Array.isArray(call?.system) && call.system[0]?.cache_control).toEqual({ type: 'ephemeral' });
    expect(call?.messages[0]?.content).toBe('Oi, a vaga de sábado ainda tá aberta?');
    const headers = fake.requests[0]?.headers;
    // SDK 1.x sends the key as a bearer token, not x-api-key.
    expect(headers?.['authorization']).toBe('Bearer test');
    expect(headers?.['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('returns a tool_use reply with leading text and per-step cache usage', async () => {
    fake.push({
      text: 'Vou reservar.',
      toolUse: { name: 'reservar_plantao', input: { plantao_id: 'p-42' } },
      usage: { cache_read_input_tokens: 1800, cache_creation_input_tokens: 120 },
    });
    const reply = await client.messages.create({
      ...base,
      tools: [{ name: 'reservar_plantao', description: 'Reserva', input_schema: { type: 'object', properties: {} } }],
      messages: [{ role: 'user', content: 'Pode reservar o de sábado pra mim' }],
    });
    expect(reply.stop_reason).toBe('tool_use');
    expect(reply.content[0]).toEqual({ type: 'text', text: 'Vou reservar.' });
    const tool = reply.content[1];
    expect(tool?.type).toBe('tool_use');
    if (tool?.type !== 'tool_use') throw new Error('expected tool_use');
    expect(tool.name).toBe('reservar_plantao');
    expect(tool.input).toEqual({ plantao_id: 'p-42' });
    expect(tool.id).toMatch(/^toolu_01/);
    expect(reply.usage.cache_read_input_tokens).toBe(1800);
    expect(reply.usage.cache_creation_input_tokens).toBe(120);
    expect(fake.lastCall()?.tools?.map((t) => t.name)).toEqual(['reservar_plantao']);
    expect(fake.remaining()).toBe(0);
  });

  it('surfaces a scripted 529 as APIError with status 529 and no retry when maxRetries is 0', async () => {
    fake.push({ status: 529 });
    const error = await client.messages
      .create({ ...base, messages: [{ role: 'user', content: 'oi' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect((error as InstanceType<typeof Anthropic.APIError>).status).toBe(529);
    expect((error as InstanceType<typeof Anthropic.APIError>).type).toBe('overloaded_error');
    expect(fake.requests).toHaveLength(1);
  });

  it('lets the SDK retry a 529 (retry-after-ms keeps it fast) and then succeeds', async () => {
    const retrying = new Anthropic({ apiKey: 'test', baseURL: fake.url, maxRetries: 1 });
    fake.push({ status: 529, headers: { 'retry-after-ms': '5' } }, { text: 'ok' });
    const reply = await retrying.messages.create({ ...base, messages: [{ role: 'user', content: 'oi' }] });
    expect(reply.content).toEqual([{ type: 'text', text: 'ok' }]);
    expect(fake.requests.map((r) => r.headers['x-stainless-retry-count'])).toEqual(['0', '1']);
  });

  it('falls back to the handler when the script is empty, and says so when there is neither', async () => {
    const exhausted = await client.messages
      .create({ ...base, messages: [{ role: 'user', content: 'oi' }] })
      .catch((e: unknown) => e);
    expect((exhausted as Error).message).toContain('anthropic fake: script exhausted');

    fake.setHandler((body) => ({ text: `eco: ${String(body.messages.at(-1)?.content)}` }));
    const reply = await client.messages.create({ ...base, messages: [{ role: 'user', content: 'bench' }] });
    expect(reply.content).toEqual([{ type: 'text', text: 'eco: bench' }]);
  });

  it('rejects streaming with a 400, and a wrong key with a 401 when apiKey is configured', async () => {
    const streaming = await client.messages
      .create({ ...base, stream: true, messages: [{ role: 'user', content: 'oi' }] })
      .catch((e: unknown) => e);
    expect((streaming as InstanceType<typeof Anthropic.APIError>).status).toBe(400);

    const strict = await startAnthropicFake({ apiKey: 'sk-right', script: [{ text: 'nunca' }] });
    const wrong = new Anthropic({ apiKey: 'sk-wrong', baseURL: strict.url, maxRetries: 0 });
    const denied = await wrong.messages.create({ ...base, messages: [{ role: 'user', content: 'oi' }] }).catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(Anthropic.AuthenticationError);
    expect(strict.remaining()).toBe(1);
    await strict.close();
  });
});

describe('voyage fake + voyageai', () => {
  let fake: VoyageFake;
  beforeAll(async () => {
    fake = await startVoyageFake();
  });
  afterAll(() => fake.close());

  it('returns deterministic embeddings of the requested dimension via baseUrl', async () => {
    const client = new VoyageAIClient({ apiKey: fake.apiKey, baseUrl: `${fake.url}/v1`, maxRetries: 0 });
    const texts = ['plantão noturno UTI adulto', 'plantões noturnos na UTI adulto', 'receita de bolo de cenoura'];
    const res = await client.embed({ input: texts, model: 'voyage-3.5', inputType: 'document', outputDimension: 512 });
    const vectors = (res.data ?? []).map((d) => d.embedding ?? []);
    expect(vectors).toHaveLength(3);
    for (const v of vectors) expect(v).toHaveLength(512);
    const [uti, utiPlural, bolo] = vectors as [number[], number[], number[]];
    expect(cosineSimilarity(uti, uti)).toBeCloseTo(1, 6);
    expect(cosineSimilarity(uti, utiPlural)).toBeGreaterThan(cosineSimilarity(uti, bolo) + 0.3);
    expect(res.usage?.totalTokens).toBeGreaterThan(0);
    // The SDK serialises camelCase options to the wire's snake_case.
    expect(fake.calls().at(-1)).toMatchObject({ input_type: 'document', output_dimension: 512, model: 'voyage-3.5' });
    expect(fake.embeddedTexts()).toEqual(texts);
  });

  it('works through `environment` too, and a wrong key is a VoyageAIError 401', async () => {
    const viaEnv = new VoyageAIClient({ apiKey: fake.apiKey, environment: `${fake.url}/v1`, maxRetries: 0 });
    const res = await viaEnv.embed({ input: 'escala de sábado', model: 'voyage-3.5' });
    expect(res.data?.[0]?.embedding).toHaveLength(1024);

    const wrong = new VoyageAIClient({ apiKey: 'nope', baseUrl: `${fake.url}/v1`, maxRetries: 0 });
    const error = await wrong.embed({ input: 'x', model: 'voyage-3.5' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VoyageAIError);
    expect((error as VoyageAIError).statusCode).toBe(401);
  });
});

describe('postgrest fake + @supabase/supabase-js', () => {
  let fake: PostgrestFake;
  beforeAll(async () => {
    fake = await startPostgrestFake({ handlers: { fn: (args) => rpcOk({ echoed: args }) } });
  });
  afterAll(() => fake.close());

  const client = () =>
    createClient(fake.url, fake.apiKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      // ws is runtime-compatible, but its overloaded constructor doesn't match WebSocketLikeConstructor's typing.
      realtime: { transport: WebSocket as never },
    });

  it('rpc() posts named arguments to /rest/v1/rpc/:fn with apikey and bearer', async () => {
    const { data, error } = await client().rpc('fn', { p_a: 1 });
    expect(error).toBeNull();
    expect(data).toEqual({ echoed: { p_a: 1 } });
    const [call] = fake.rpcCalls('fn');
    expect(call).toMatchObject({ method: 'POST', args: { p_a: 1 }, apikey: fake.apiKey });
    expect(call?.authorization).toBe(`Bearer ${fake.apiKey}`);
  });

  it('maps Postgres and PostgREST error bodies onto error.code', async () => {
    fake.on('reservar', () =>
      postgresError({
        code: '23505',
        message: 'duplicate key value violates unique constraint "reservas_plantao_key"',
        details: 'Key (plantao_id)=(42) already exists.',
      }),
    );
    const dup = await client().rpc('reservar', { p_plantao_id: 42 });
    expect(dup.status).toBe(409);
    expect(dup.error?.code).toBe('23505');
    expect(dup.error?.details).toContain('already exists');

    const missing = await client().rpc('nao_existe', { p_x: 1 });
    expect(missing.status).toBe(404);
    expect(missing.error?.code).toBe('PGRST202');
    expect(missing.error?.message).toBe('Could not find the function public.nao_existe(p_x) in the schema cache');
  });
});

describe('slack fake + @slack/web-api', () => {
  let fake: SlackFake;
  let slack: WebClient;
  beforeAll(async () => {
    fake = await startSlackFake();
    // retries: 0 because the SDK default (tenRetriesInAboutThirtyMinutes) would stall a failing test.
    slack = new WebClient(fake.token, { slackApiUrl: `${fake.url}/api/`, retryConfig: { retries: 0 }, logLevel: LogLevel.ERROR });
  });
  afterAll(() => fake.close());

  it('auth.test, postMessage, update, conversations.open and users.info', async () => {
    const auth = await slack.auth.test();
    expect(auth.user_id).toBe(fake.botUserId);

    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: '*Nova vaga*: UTI sábado 12h' } }];
    const posted = await slack.chat.postMessage({ channel: 'C0ESCALAS', text: 'Nova vaga', blocks });
    expect(posted.ok).toBe(true);
    expect(posted.channel).toBe('C0ESCALAS');
    expect(posted.message?.text).toBe('Nova vaga');
    expect(fake.posted()[0]?.blocks).toEqual(blocks);
    expect(fake.requests.at(-1)?.headers['authorization']).toBe(`Bearer ${fake.token}`);

    const updated = await slack.chat.update({ channel: 'C0ESCALAS', ts: posted.ts ?? '', text: 'Vaga preenchida' });
    expect(updated.ts).toBe(posted.ts);
    expect(fake.posted()[0]?.text).toBe('Vaga preenchida');

    const dm = await slack.conversations.open({ users: 'U0CARLA01' });
    expect(dm.channel?.id).toMatch(/^D/);
    const user = await slack.users.info({ user: 'U0CARLA01' });
    expect(user.user?.tz).toBe('America/Sao_Paulo');
  });

  it('answers unknown methods and bad tokens with ok:false like Slack', async () => {
    const unknown = await slack.apiCall('chat.fly').catch((e: unknown) => e);
    expect((unknown as WebAPIPlatformError).data.error).toBe('unknown_method');
    const stranger = new WebClient('xoxb-wrong', { slackApiUrl: `${fake.url}/api/`, retryConfig: { retries: 0 }, logLevel: LogLevel.ERROR });
    const denied = await stranger.auth.test().catch((e: unknown) => e);
    expect((denied as WebAPIPlatformError).data.error).toBe('invalid_auth');
  });
});
