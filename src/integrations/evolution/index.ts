export { createEvolutionClient, type EvolutionClientOptions } from './evolution-client.js';
export { createConsoleProvider } from './console-provider.js';
export { CircuitBreaker, type CircuitBreakerOptions } from './circuit-breaker.js';
export { ProviderError, ProviderConfigError, jidOf, jidCandidates, type WhatsAppProvider, type Presence } from './provider.js';
export { createEvolutionHistory, type EvolutionHistory, type HistoryChat, type HistoryPage, type HistoryRecord, type MessageQuery } from './history-client.js';
