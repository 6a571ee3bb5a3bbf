export { createSlackNotifier, logNotifier, type SlackNotifier, type SlackNotifierOptions } from './slack-notifier.js';
