import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaignCommands, renderTemplate, templateVars, type ClaimedSend } from '../../../src/campaigns/index.js';
import { slackCampaignPort } from '../../../src/slack/index.js';
import { createSlackApi } from '../../../src/integrations/slack/index.js';
import { fixedClock, silentLogger } from '../../../src/shared/index.js';
import type { AdminContext } from '../../../src/slack/index.js';
import { proposeWrite } from '../../../src/slack/confirm-action.js';
import { campanhaCriar } from '../../../src/slack/tools/campanhas.js';
import { startSlackFake } from '../../fakes/index.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

const send: ClaimedSend = { id: 1, doctor_id: 'd', outbound_key: 'k', name: 'Dra. Ana Souza', city: 'Campinas', region: null, specialty: 'Pediatria' };

describe('campaign templates: only known variables', () => {
  it('rendering never reads the prototype and never passes an unknown variable to a doctor', () => {
    const vars = templateVars(send);
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'nomee']) {
      const out = renderTemplate(`Oi {{${name}}}, tudo bem?`, vars);
      expect(out, name).toBe('Oi, tudo bem?');
    }
    expect(renderTemplate('Oi {{ primeiro_nome }}!', vars)).toBe('Oi Ana!');
  });

  describe('creation', () => {
    let db: TestDb;
    let commands: ReturnType<typeof createCampaignCommands>;
    beforeAll(async () => {
      db = await createTestDb({ seed: true });
      commands = createCampaignCommands({ db, clock: fixedClock('2026-03-10T13:00:00Z') });
    });
    afterAll(async () => db.close());
    const campaigns = async () => Number((await db.pg.query<{ n: number }>(`select count(*)::int n from campaigns`)).rows[0]!.n);

    it('refuses an unknown variable, naming it and listing the valid ones; nothing is stored', async () => {
      const before = await campaigns();
      for (const [template, bad] of [['Oi {{constructor}}!', 'constructor'], ['Oi {{nomee}}, temos plantões', 'nomee'], ['Oi {{Nome}}', 'Nome'], ['{{primeiro_nome}}, o {{hospital}} precisa de você', 'hospital']] as const) {
        const err = await commands.create({ name: 'Teste', type: 'reativacao', template }).then(() => undefined, (e: Error) => e);
        expect(err, template).toBeInstanceOf(Error);
        expect(err!.message).toContain(`{{${bad}}}`);
        for (const ok of ['nome', 'primeiro_nome', 'especialidade', 'cidade', 'regiao']) expect(err!.message).toContain(`{{${ok}}}`);
      }
      const opener = await commands.create({ name: 'Teste', type: 'custom', template: 'Oi {{primeiro_nome}}', opener: 'Olá {{toString}}' }).then(() => undefined, (e: Error) => e);
      expect(opener?.message).toContain('{{toString}}');
      expect(await campaigns()).toBe(before);
    });

    it('accepts the known ones, and the shift ones for an offer campaign', async () => {
      const ok = await commands.create({ name: 'Reativação', type: 'reativacao', template: 'Oi {{primeiro_nome}} ({{especialidade}}, {{cidade}} {{regiao}}), {{ nome }}' });
      expect(ok.status).toBe('draft');
      const [shift] = (await db.pg.query<{ id: string }>(`select id from shifts limit 1`)).rows;
      expect(shift).toBeDefined();
      {
        const offer = await commands.create({ name: 'Oferta', type: 'oferta', shift_id: shift!.id, template: '{{primeiro_nome}}: {{hospital}} {{data}} {{periodo}} {{duracao}} {{valor}} {{cidade_plantao}}' });
        expect(offer.status).toBe('draft');
      }
    });

    it('the Slack tool campanha_criar refuses it before any preview: no pending action, nothing posted', async () => {
      const slack = await startSlackFake({ token: 'xoxb-t' });
      try {
        const clock = fixedClock('2026-03-10T13:00:00Z');
        const deps = { db, clock, logger: silentLogger, slack: createSlackApi({ token: 'xoxb-t', apiUrl: `${slack.url}/api` }), campaigns: slackCampaignPort({ db, clock } as never) };
        const ctx = { deps, user: 'UMANAGER1', channel: 'CGESTAO' } as unknown as AdminContext;
        const input = campanhaCriar.input.parse({ nome: 'Reativação', tipo: 'reativacao', texto: 'Oi {{constructor}}, temos plantões!' });
        const err = await proposeWrite(campanhaCriar, input, ctx).then(() => undefined, (e: Error) => e);
        expect(err?.message).toContain('{{constructor}}');
        expect(err?.message).toContain('{{primeiro_nome}}');
        expect(slack.posted()).toHaveLength(0);
        expect((await db.pg.query(`select 1 from slack_pending_actions`)).rows).toHaveLength(0);
      } finally {
        await slack.close();
      }
    });

    it('a draft stored before this check cannot start while its template has an unknown variable', async () => {
      const legacy = await db.rpc<{ id: string }>('campaign_create', { p_campaign: { name: 'Antiga', type: 'custom', template: 'Oi {{constructor}}' } });
      const err = await commands.start(legacy.id).then(() => undefined, (e: Error) => e);
      expect(err?.message).toContain('{{constructor}}');
      expect((await db.pg.query<{ status: string }>(`select status from campaigns where id = $1`, [legacy.id])).rows[0]!.status).toBe('draft');
    });
  });
});
