import { fillSwitchTool } from './fill-switch.js';

export const preenchimentoDesligar = fillSwitchTool('preenchimento_desligar', false);
