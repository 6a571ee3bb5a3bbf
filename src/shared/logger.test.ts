import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

function capture(level: string) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { logger: createLogger(level, stream), lines };
}

describe('logger', () => {
  it('masks phone numbers and omits message bodies at info', () => {
    const { logger, lines } = capture('info');
    logger.info({ phone: '5511987654321', text: 'quero o plantão de sábado', inbound: { remoteJid: '5511987654321@s.whatsapp.net', body: 'oi' } }, 'inbound');
    const out = lines.join('');
    expect(out).not.toContain('987654321');
    expect(out).not.toContain('plantão de sábado');
    expect(out).not.toContain('"oi"');
    const line = JSON.parse(lines[0]!);
    expect(line.phone).toBe('5511*****4321');
    expect(line.text).toBe('[omitted 25 chars]');
    expect(line.inbound.body).toBe('[omitted 2 chars]');
  });

  it('keeps bodies only when debugging on purpose, and still masks phones', () => {
    const { logger, lines } = capture('debug');
    logger.debug({ phone: '5511987654321', text: 'oi Júlia' }, 'inbound');
    const line = JSON.parse(lines[0]!);
    expect(line.text).toBe('oi Júlia');
    expect(line.phone).toBe('5511*****4321');
  });
});
