export { createHttpApp, type HttpDeps } from './create-http-app.js';
export type HttpApp = ReturnType<typeof import('./create-http-app.js').createHttpApp>;
export { listen, closeServer, type ServerType } from './listen.js';
export { evolutionWebhook, type EvolutionWebhookDeps } from './webhooks/evolution-webhook.js';
export { verifyEvolutionAuth } from './webhooks/verify-evolution-auth.js';
export { chatwootWebhook, type ChatwootWebhookDeps } from './webhooks/chatwoot-webhook.js';
export { adminAuth } from './middleware/admin-auth.js';
export { slackWebhook, type SlackWebhookDeps, type SlackWork } from './webhooks/slack-webhook.js';
