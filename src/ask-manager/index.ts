export { createAskManager, type AskManager, type AskManagerDeps, type AskWork } from './ask-manager.js';
export { ASK_APPROVE_ACTION, ASK_REFUSE_ACTION, isAskAction, questionBlocks, type QuestionView } from './question-blocks.js';
export { outcomeText } from './outcome-text.js';
