/**
 * Loopback fakes for Júlia's vendors, faked only at the HTTP boundary: point the real SDK
 * (or fetch) at `fake.url`. Settings verified against the installed SDKs:
 *   Anthropic:  new Anthropic({ apiKey, baseURL: fake.url, maxRetries: 0 })
 *   Voyage:     new VoyageAIClient({ apiKey, baseUrl: `${fake.url}/v1`, maxRetries: 0 })  (or `environment`)
 *   Supabase:   createClient(fake.url, fake.apiKey, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } })
 *   Slack:      new WebClient(token, { slackApiUrl: `${fake.url}/api/`, retryConfig: { retries: 0 } })
 *   Evolution / Chatwoot: plain fetch against fake.url.
 */
export * from './http-fake.js';
export * from './anthropic-fake.js';
export { PromptCacheSimulator, cacheMinimumFor, type CacheMissReason } from './anthropic-prompt-cache.js';
export * from './evolution-fake.js';
export * from './voyage-fake.js';
export * from './chatwoot-state.js';
export * from './chatwoot-fake.js';
export * from './slack-fake.js';
export * from './postgrest-fake.js';
export * from './evolution-history.js';
export * from './google-docs-fake.js';
export * from './transcription-fake.js';
export * from './multipart.js';
