export { createAdminAgent, loadAdminPrompt, type AdminAgent } from './admin-agent.js';
export { defineTool, type AdminContext, type AdminTool, type CampaignPort, type DocumentReader, type SlackAgentDeps } from './admin-tool.js';
export { ToolRegistry } from './tool-registry.js';
export { redisSessions, type SessionStore } from './session-store.js';
export { slackWorkSchema, type SlackWorkItem } from './slack-work.js';
export { CORE_TOOLS, parseBriefing } from './tools/index.js';
export { CONFIRM_ACTION, CANCEL_ACTION, noticeBlocks } from './blocks.js';
export { groupReviewTools } from './tools/groups/index.js';
