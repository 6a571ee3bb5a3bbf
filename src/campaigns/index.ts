export { checkTemplates, createCampaignCommands, type CampaignCommands, type CampaignCommandsDeps, type ActionResult } from './campaign-commands.js';
export { createDispatcher, type Dispatcher, type DispatcherDeps, type TickResult } from './dispatcher.js';
export { createCampaignStore, type CampaignStore } from './campaign-store.js';
export {
  allowedTemplateVariables, renderTemplate, SHIFT_TEMPLATE_VARIABLES, TEMPLATE_VARIABLES, templateProblem, templateVars, unknownTemplateVariables, type OfferedShift, type TemplateVars,
} from './render-template.js';
export { personalisedOpener, type OpenerDeps } from './opener.js';
export type { OutboundWithdraw } from './withdraw.js';
export * from './types.js';
