import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { ConfigError } from './shared/errors.js';

function fails(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('gives embedded defaults with nothing set', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.database).toEqual({ kind: 'pglite', dataDir: './.data' });
    expect(c.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(c.HUMANIZED_DELAY).toBe(true);
    expect(c.evolutionInstances).toEqual(['julia']);
  });

  it('names the variable of a bad value', () => {
    expect(fails({ PORT: 'abc' })).toMatch(/^invalid configuration: PORT: .*"abc"/);
    expect(fails({ HUMANIZED_DELAY: 'maybe' })).toMatch(/HUMANIZED_DELAY/);
    expect(fails({ REDIS_URL: 'not a url' })).toMatch(/REDIS_URL/);
    // A lock shorter than a few seconds would take running jobs from live workers on any pause of the event loop.
    expect(fails({ JOB_LOCK_MS: '1000' })).toMatch(/^invalid configuration: JOB_LOCK_MS: /);
  });

  it('names the missing half of an integration', () => {
    expect(fails({ SLACK_BOT_TOKEN: 'xoxb-1' })).toMatch(/SLACK_SIGNING_SECRET is required when SLACK_BOT_TOKEN is set/);
    expect(fails({ EVOLUTION_API_URL: 'http://evo:8080', EVOLUTION_API_KEY: 'k' })).toMatch(/EVOLUTION_INSTANCE/);
    expect(fails({ SUPABASE_URL: 'https://x.supabase.co' })).toMatch(/SUPABASE_SERVICE_ROLE_KEY/);
    expect(fails({ CHATWOOT_URL: 'http://cw' })).toMatch(/CHATWOOT_API_TOKEN/);
  });

  it('operator tokens: the queue board reads only by default; METRICS_TOKEN may not be the admin token', () => {
    expect(loadConfig({}).ADMIN_QUEUE_WRITE).toBe(false);
    expect(loadConfig({ ADMIN_QUEUE_WRITE: 'on' }).ADMIN_QUEUE_WRITE).toBe(true);
    expect(fails({ METRICS_TOKEN: 'short' })).toMatch(/METRICS_TOKEN/);
    expect(fails({ ADMIN_TOKEN: 'same-token-0123456789', METRICS_TOKEN: 'same-token-0123456789' })).toMatch(/METRICS_TOKEN must differ/);
  });

  it('picks the database: DATABASE_URL, then Supabase, then PGlite', () => {
    const both = loadConfig({ DATABASE_URL: 'postgres://u@h/db', SUPABASE_URL: 'https://x.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'k' });
    expect(both.database.kind).toBe('postgres');
    expect(loadConfig({ SUPABASE_URL: 'https://x.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'k' }).database.kind).toBe('supabase');
  });

  it('sizes the PostgreSQL pool: 5 connections per process unless DATABASE_POOL_MAX says otherwise', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({ kind: 'postgres', url: 'postgres://u@h/db', poolMax: 5 });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DATABASE_POOL_MAX: '12' }).database).toMatchObject({ poolMax: 12 });
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadConfig({ DATABASE_POOL_MAX: 'many' })).toThrow(/DATABASE_POOL_MAX/);
  });

  it('splits several Evolution instances and rejects odd names', () => {
    const c = loadConfig({ EVOLUTION_API_URL: 'http://evo', EVOLUTION_API_KEY: 'k', EVOLUTION_INSTANCE: 'sp1, sp2 ,sp3' });
    expect(c.evolutionInstances).toEqual(['sp1', 'sp2', 'sp3']);
    expect(fails({ EVOLUTION_API_URL: 'http://evo', EVOLUTION_API_KEY: 'k', EVOLUTION_INSTANCE: 'a:b' })).toMatch(/EVOLUTION_INSTANCE/);
  });

  it('business hours: spec O3 by default, configurable, refused at boot when malformed', () => {
    expect(loadConfig({}).businessHours).toEqual({ startHour: 8, endHour: 20, days: [1, 2, 3, 4, 5] });
    expect(loadConfig({ BUSINESS_HOURS: '', BUSINESS_DAYS: '' }).businessHours).toEqual({ startHour: 8, endHour: 20, days: [1, 2, 3, 4, 5] });
    expect(loadConfig({ BUSINESS_HOURS: '00-24', BUSINESS_DAYS: '1-7' }).businessHours).toEqual({ startHour: 0, endHour: 24, days: [1, 2, 3, 4, 5, 6, 7] });
    expect(fails({ BUSINESS_HOURS: '20-08' })).toMatch(/^invalid configuration: BUSINESS_HOURS: .*"20-08"/);
    expect(fails({ BUSINESS_HOURS: '8h-20h' })).toMatch(/^invalid configuration: BUSINESS_HOURS: expected "HH-HH"/);
    expect(fails({ BUSINESS_DAYS: 'seg-sex' })).toMatch(/^invalid configuration: BUSINESS_DAYS: .*"seg-sex"/);
    expect(fails({ BUSINESS_DAYS: '0-6' })).toMatch(/BUSINESS_DAYS/);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', SLACK_BOT_TOKEN: '', DATABASE_URL: '' }).database.kind).toBe('pglite');
  });
});
