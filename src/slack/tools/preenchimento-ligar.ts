import { fillSwitchTool } from './fill-switch.js';

export const preenchimentoLigar = fillSwitchTool('preenchimento_ligar', true);
