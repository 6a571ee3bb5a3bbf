import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { managerAccess } from './manager-access.js';

describe('managerAccess', () => {
  it('admits only the named managers; nobody when the list is empty', () => {
    const a = managerAccess({ managers: ['UMANAGER1', 'W0GRID001'] });
    expect([a.check('UMANAGER1', 'CGESTAO'), a.check('W0GRID001', 'D123'), a.check('UGUEST01', 'CGESTAO'), a.check('umanager1', 'CGESTAO')]).toEqual([
      'manager', 'manager', 'not_manager', 'not_manager',
    ]);
    const none = managerAccess({ managers: [] });
    expect(none.nobody).toBe(true);
    expect(none.check('UMANAGER1', 'CGESTAO')).toBe('not_manager');
  });

  it('with SLACK_MANAGER_CHANNELS, commands come from those channels or a DM with the bot', () => {
    const a = managerAccess({ managers: ['UMANAGER1'], channels: ['CGESTAO'] });
    expect([a.check('UMANAGER1', 'CGESTAO'), a.check('UMANAGER1', 'CGERAL'), a.check('UMANAGER1', 'D0BOT001'), a.check('UGUEST01', 'D0BOT002')]).toEqual([
      'manager', 'channel_not_allowed', 'manager', 'not_manager',
    ]);
    expect(a.refusal('channel_not_allowed')).toMatch(/canais da gestão/);
  });

  it('reads the lists from the environment and refuses a malformed id at boot', () => {
    const c = loadConfig({ SLACK_MANAGER_IDS: ' UMANAGER1, UMANAGER2 ,', SLACK_MANAGER_CHANNELS: 'CGESTAO' });
    expect([c.SLACK_MANAGER_IDS, c.SLACK_MANAGER_CHANNELS]).toEqual([['UMANAGER1', 'UMANAGER2'], ['CGESTAO']]);
    expect(loadConfig({}).SLACK_MANAGER_IDS).toEqual([]);
    expect(() => loadConfig({ SLACK_MANAGER_IDS: 'UMANAGER1,@joao' })).toThrow(/SLACK_MANAGER_IDS/);
  });
});
