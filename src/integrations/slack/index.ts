export { createSlackNotifier, logNotifier, type SlackNotifier, type SlackNotifierOptions } from './slack-notifier.js';
export { createSlackApi, type SlackApi, type SlackApiOptions } from './slack-api.js';
