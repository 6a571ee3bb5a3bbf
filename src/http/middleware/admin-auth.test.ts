import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { adminAuth } from './admin-auth.js';

const TOKEN = 'admin-token-0123456789';
const app = new Hono().use('*', adminAuth(TOKEN)).get('/x', (c) => c.text('ok'));
const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

describe('adminAuth', () => {
  it('admits the bearer token and the basic-auth password', async () => {
    expect((await app.request('/x', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    expect((await app.request('/x', { headers: { authorization: basic('ops', TOKEN) } })).status).toBe(200);
  });

  it('refuses a missing, wrong, truncated or differently-schemed credential with 401 and a basic challenge', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Token ${TOKEN}`, basic(TOKEN, 'nope'), 'Basic !!!']) {
      const res = await app.request('/x', authorization ? { headers: { authorization } } : {});
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic /);
    }
  });

  it('admits any of several tokens and refuses the rest', async () => {
    const other = 'metrics-token-0123456789';
    const both = new Hono().use('*', adminAuth([TOKEN, other])).get('/x', (c) => c.text('ok'));
    for (const t of [TOKEN, other]) expect((await both.request('/x', { headers: { authorization: `Bearer ${t}` } })).status).toBe(200);
    expect((await both.request('/x', { headers: { authorization: `Bearer ${other}x` } })).status).toBe(401);
    expect(() => adminAuth([])).toThrow();
  });
});
