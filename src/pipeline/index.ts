export { runTurn, type TurnOutcome } from './run-turn.js';
export { PRE_PROCESSORS, POST_PROCESSORS } from './processors.js';
export { CONTINUE, stop, type Processor, type ProcessorResult } from './processor.js';
export type { PipelineDeps, PipelineReplies, HandoffNotice, TurnContext, PendingMessage } from './turn-context.js';
export { humanizedDelayMs, hourFactor } from './timing.js';
export { splitBubbles } from './split-bubbles.js';
export { validateOutput } from './validate-output.js';
export { detectOptOut, detectBotSuspicion, detectHandoff } from './detectors/index.js';
export { loadPipelineReplies } from './load-replies.js';
