import { randomBytes } from 'node:crypto';
import { HttpFake, type FakeReply, type RecordedRequest, type RouteParams } from './http-fake.js';
import { EvolutionMessageStore } from './evolution-history.js';

/** A valid 1x1 PNG, so image handling can be checked byte for byte. */
export const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export interface EvolutionFakeOptions {
  /** Value the `apikey` header must carry. */
  apiKey?: string;
  /** When set, any other instance name answers 404 like Evolution does. */
  instances?: string[];
  /** Numbers (digits) that "are not on WhatsApp": sendText answers 400 exists:false. */
  unknownNumbers?: string[];
  /** Real Evolution holds the request open for `delay` ms (typing simulation); off by default to keep tests fast. */
  honorDelays?: boolean;
  /** Fixed latency before every answer. */
  responseDelayMs?: number;
  /**
   * File Brazilian mobiles under the 12-digit jid (55 DD XXXXXXXX, no ninth
   * digit), as WhatsApp does for many older accounts whatever number was dialled.
   */
  twelveDigitJids?: boolean;
  /** Instances whose key lacks permission: every call answers 403. */
  forbiddenInstances?: string[];
}

export interface SentText {
  instance: string;
  number: string;
  text: string;
  id: string;
  /** The chat WhatsApp filed it under (findMessages matches on this). */
  remoteJid: string;
  delay?: number;
  linkPreview?: boolean;
  quoted?: unknown;
}

export interface SentPresence {
  instance: string;
  number: string;
  presence: string;
  delay?: number;
}

export interface ReadReceipt {
  instance: string;
  remoteJid: string;
  fromMe: boolean;
  id: string;
}

const PRESENCES = new Set(['available', 'unavailable', 'composing', 'recording', 'paused']);

// Baileys-style ids: 3EB0 prefix plus uppercase hex, which is what Evolution returns for API sends.
const messageId = () => `3EB0${randomBytes(9).toString('hex').toUpperCase()}`;

const digitsOf = (number: string) => number.split('@')[0]?.replace(/\D/g, '') ?? '';
const jidOf = (number: string) => (number.includes('@') ? number : `${digitsOf(number)}@s.whatsapp.net`);
/** 55 DD 9XXXXXXXX → 55 DD XXXXXXXX; anything else unchanged. */
const twelveDigitJidOf = (number: string) => {
  const d = digitsOf(number);
  return !number.includes('@') && d.length === 13 && d.startsWith('55') && d[4] === '9' ? `${d.slice(0, 4)}${d.slice(5)}@s.whatsapp.net` : jidOf(number);
};

function evolutionError(status: number, error: string, message: unknown): FakeReply {
  return { status, body: { status, error, response: { message } } };
}

const badRequest = (message: string) => evolutionError(400, 'Bad Request', [message]);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Evolution API v2: the three endpoints Júlia uses to talk on WhatsApp. */
export class EvolutionFake extends HttpFake {
  readonly apiKey: string;
  private sent: SentText[] = [];
  private presenceLog: SentPresence[] = [];
  private readLog: ReadReceipt[] = [];
  private readonly media = new Map<string, { mediaType: string; mimetype: string; base64: string } | 'missing'>();
  private deliverButFail = { remaining: 0, status: 500 };
  /** Messages Evolution stored (received ones included), for findMessages/findChats (catch-up). */
  readonly history = new EvolutionMessageStore();

  constructor(private readonly options: EvolutionFakeOptions = {}) {
    super('evolution fake');
    this.apiKey = options.apiKey ?? 'evolution-test-key';
    if (options.responseDelayMs) this.setLatency(options.responseDelayMs);
    this.route('POST', '/message/sendText/:instance', (req, p) => this.sendText(req, p));
    this.route('POST', '/chat/sendPresence/:instance', (req, p) => this.sendPresence(req, p));
    this.route('POST', '/chat/markMessageAsRead/:instance', (req, p) => this.markRead(req, p));
    this.route('POST', '/chat/findMessages/:instance', (req, p) => this.findMessages(req, p));
    this.route('POST', '/chat/findChats/:instance', (req, p) => this.checkInstance(p['instance'] ?? '') ?? this.history.findChats(p['instance'] ?? '', this.body(req)));
    // Media of received messages: what was stored for the id (storeMedia), else a 1x1 PNG.
    this.route('POST', '/chat/getBase64FromMediaMessage/:instance', (req, p) => this.mediaOf(req, p));
  }

  /**
   * The file Evolution holds for a received message id, answered by
   * getBase64FromMediaMessage in its shape ({ mediaType, fileName, size, mimetype, base64 }).
   * `missing`: Evolution no longer has it (400, like its "Message not found").
   */
  storeMedia(id: string, media: { mediaType: string; mimetype: string; base64: string } | 'missing'): this {
    this.media.set(id, media);
    return this;
  }

  /**
   * The next `n` sendText calls are delivered (stored, findable) but answered
   * with `status`: the "Evolution handed it to WhatsApp, then failed" case.
   */
  deliverButFailNext(n: number, status = 500): this {
    this.deliverButFail = { remaining: n, status };
    return this;
  }

  /** Every text-send request that reached the fake, refused ones included (for timing checks). */
  sendTextCalls(): RecordedRequest[] {
    return this.requestsTo('POST', '/message/sendText/:instance');
  }

  sentTexts(): SentText[] {
    return [...this.sent];
  }

  presences(): SentPresence[] {
    return [...this.presenceLog];
  }

  reads(): ReadReceipt[] {
    return [...this.readLog];
  }

  override reset(): void {
    super.reset();
    this.sent = [];
    this.presenceLog = [];
    this.readLog = [];
    this.deliverButFail = { remaining: 0, status: 500 };
    if (this.options.responseDelayMs) this.setLatency(this.options.responseDelayMs);
  }

  private mediaOf(req: RecordedRequest, p: RouteParams): FakeReply {
    const refused = this.checkInstance(p['instance'] ?? '');
    if (refused) return refused;
    const id = (this.body(req)['message'] as { key?: { id?: unknown } } | undefined)?.key?.id;
    if (typeof id !== 'string' || !id) return badRequest('message.key.id is required');
    const stored = this.media.get(id);
    if (stored === 'missing') return badRequest('Message not found');
    if (!stored) return { status: 200, body: { mediaType: 'imageMessage', mimetype: 'image/png', base64: ONE_PIXEL_PNG } };
    const ext = stored.mimetype.includes('ogg') ? 'oga' : (stored.mimetype.split('/')[1] ?? 'bin').split(';')[0];
    const bytes = Buffer.from(stored.base64, 'base64').length;
    return { status: 200, body: { mediaType: stored.mediaType, fileName: `${id}.${ext}`, size: { fileLength: String(bytes) }, mimetype: stored.mimetype, base64: stored.base64, buffer: null } };
  }

  protected override failureBody(status: number): unknown {
    return evolutionError(status, status >= 500 ? 'Internal Server Error' : 'Bad Request', ['injected failure']).body;
  }

  protected override authorize(req: RecordedRequest): FakeReply | undefined {
    if (req.headers['apikey'] !== this.apiKey) return evolutionError(401, 'Unauthorized', 'Unauthorized');
    return undefined;
  }

  private checkInstance(instance: string): FakeReply | undefined {
    if (this.options.forbiddenInstances?.includes(instance)) return evolutionError(403, 'Forbidden', ['Missing global api key or permission']);
    const known = this.options.instances;
    if (known && !known.includes(instance)) {
      return evolutionError(404, 'Not Found', [`The "${instance}" instance does not exist`]);
    }
    return undefined;
  }

  private body(req: RecordedRequest): Record<string, unknown> {
    return req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  }

  private async sendText(req: RecordedRequest, { instance = '' }: RouteParams): Promise<FakeReply> {
    const missing = this.checkInstance(instance);
    if (missing) return missing;
    const body = this.body(req);
    if (typeof body['number'] !== 'string' || body['number'] === '') return badRequest('instance requires property "number"');
    if (typeof body['text'] !== 'string' || body['text'] === '') return badRequest('instance requires property "text"');
    const number = body['number'];
    const text = body['text'];
    const remoteJid = this.options.twelveDigitJids ? twelveDigitJidOf(number) : jidOf(number);
    if (this.options.unknownNumbers?.includes(digitsOf(number))) {
      return evolutionError(400, 'Bad Request', [{ jid: remoteJid, exists: false, number }]);
    }
    const delay = typeof body['delay'] === 'number' ? body['delay'] : undefined;
    if (this.options.honorDelays && delay) await sleep(delay);
    const id = messageId();
    this.sent.push({
      instance,
      number,
      text,
      id,
      remoteJid,
      ...(delay !== undefined && { delay }),
      ...(typeof body['linkPreview'] === 'boolean' && { linkPreview: body['linkPreview'] }),
      ...(body['quoted'] !== undefined && { quoted: body['quoted'] }),
    });
    if (this.deliverButFail.remaining > 0) {
      this.deliverButFail.remaining -= 1;
      return evolutionError(this.deliverButFail.status, 'Internal Server Error', ['injected failure after delivery']);
    }
    return {
      status: 201,
      body: {
        key: { remoteJid, fromMe: true, id },
        message: { extendedTextMessage: { text } },
        messageTimestamp: String(Math.floor(Date.now() / 1000)),
        status: 'PENDING',
      },
    };
  }

  private async sendPresence(req: RecordedRequest, { instance = '' }: RouteParams): Promise<FakeReply> {
    const missing = this.checkInstance(instance);
    if (missing) return missing;
    const body = this.body(req);
    const { number, presence, delay } = body;
    if (typeof number !== 'string' || number === '') return badRequest('instance requires property "number"');
    if (typeof presence !== 'string' || !PRESENCES.has(presence)) {
      return badRequest('instance.presence is not one of enum values: available,unavailable,composing,recording,paused');
    }
    const delayMs = typeof delay === 'number' ? delay : undefined;
    if (this.options.honorDelays && delayMs) await sleep(delayMs);
    this.presenceLog.push({ instance, number, presence, ...(delayMs !== undefined && { delay: delayMs }) });
    return { status: 201, body: { presence } };
  }

  private markRead(req: RecordedRequest, { instance = '' }: RouteParams): FakeReply {
    const missing = this.checkInstance(instance);
    if (missing) return missing;
    const list = this.body(req)['readMessages'];
    if (!Array.isArray(list)) return badRequest('instance requires property "readMessages"');
    const receipts: ReadReceipt[] = [];
    for (const [i, item] of (list as Array<Record<string, unknown>>).entries()) {
      const { remoteJid, id, fromMe } = item ?? {};
      if (typeof remoteJid !== 'string' || typeof id !== 'string') {
        return badRequest(`instance.readMessages[${i}] requires property "remoteJid" and "id"`);
      }
      receipts.push({ instance, remoteJid, fromMe: fromMe === true, id });
    }
    this.readLog.push(...receipts);
    return { status: 201, body: { message: 'Read messages', read: 'success' } };
  }

  /**
   * Evolution v2 `POST /chat/findMessages/{instance}` with `{ where: { key: { remoteJid } } }`:
   * the messages this fake sent to that chat, newest first, in the v2 paged shape. The
   * timestamp is when the sendText request arrived (seconds, like WhatsApp).
   */
  private findMessages(req: RecordedRequest, { instance = '' }: RouteParams): FakeReply {
    const missing = this.checkInstance(instance);
    if (missing) return missing;
    const stored = this.history.findMessages(instance, this.body(req));
    if (stored) return stored;
    const where = this.body(req)['where'] as { key?: { remoteJid?: unknown } } | undefined;
    const remoteJid = where?.key?.remoteJid;
    if (typeof remoteJid !== 'string' || remoteJid === '') return badRequest('where.key.remoteJid is required');
    const requests = this.requestsTo('POST', '/message/sendText/:instance');
    const records = this.sent
      .filter((m) => m.instance === instance && m.remoteJid === remoteJid)
      .map((m) => {
        const origin = requests.find((r) => {
          const b = r.body as Record<string, unknown> | undefined;
          return r.path.endsWith(`/${instance}`) && b?.['number'] === m.number && b?.['text'] === m.text;
        });
        return {
          key: { remoteJid, fromMe: true, id: m.id },
          message: { conversation: m.text },
          messageTimestamp: Math.floor((origin?.at ?? Date.now()) / 1000),
          instanceId: instance,
        };
      })
      .reverse();
    return { status: 200, body: { messages: { total: records.length, pages: 1, currentPage: 1, records } } };
  }
}

export async function startEvolutionFake(options: EvolutionFakeOptions = {}): Promise<EvolutionFake> {
  return new EvolutionFake(options).listen();
}
