import { HttpFake, type FakeReply, type RecordedRequest } from './http-fake.js';

export interface SlackUser {
  id: string;
  name: string;
  real_name: string;
  email?: string;
  tz?: string;
  is_bot?: boolean;
}

export interface SlackFakeOptions {
  token?: string;
  teamId?: string;
  botUserId?: string;
  botId?: string;
  /** When given, users.info answers user_not_found for anyone else. */
  users?: SlackUser[];
}

export interface SlackPost {
  channel: string;
  ts: string;
  text?: string;
  blocks?: unknown;
  thread_ts?: string;
  args: Record<string, unknown>;
}

type Args = Record<string, unknown>;

// The SDK form-encodes calls and JSON-stringifies nested values; undo that so tests see structures.
const JSON_FIELDS = ['blocks', 'attachments', 'metadata'];

function argsOf(req: RecordedRequest): Args {
  const args: Args = req.body && typeof req.body === 'object' ? { ...(req.body as Args) } : {};
  for (const field of JSON_FIELDS) {
    const value = args[field];
    if (typeof value === 'string') {
      try {
        args[field] = JSON.parse(value) as unknown;
      } catch {
        // Slack would reject it; keep the raw string so the test can see what was sent.
      }
    }
  }
  return args;
}

const slack = (body: Args): FakeReply => ({ status: 200, body });
const slackError = (error: string): FakeReply => slack({ ok: false, error });
const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** Slack Web API (`/api/<method>`): answers HTTP 200 with `ok` true/false, like Slack. */
export class SlackFake extends HttpFake {
  readonly token: string;
  readonly teamId: string;
  readonly botUserId: string;
  readonly botId: string;
  private posts: SlackPost[] = [];
  private ephemeralPosts: Array<SlackPost & { user: string }> = [];
  private tsCounter = 0;
  private openDms = new Set<string>();

  constructor(private readonly options: SlackFakeOptions = {}) {
    super('slack fake');
    this.token = options.token ?? 'xoxb-test-token';
    this.teamId = options.teamId ?? 'T0JULIA001';
    this.botUserId = options.botUserId ?? 'U0JULIABOT';
    this.botId = options.botId ?? 'B0JULIABOT';
    this.route('POST', '/api/:method', (req, p) => this.call(p['method'] ?? '', argsOf(req)));
  }

  /** chat.postMessage calls in order, with chat.update edits applied in place. */
  posted(): SlackPost[] {
    return [...this.posts];
  }

  /** chat.postEphemeral calls in order (seen only by `user`; never in posted()). */
  ephemerals(): Array<SlackPost & { user: string }> {
    return [...this.ephemeralPosts];
  }

  override reset(): void {
    super.reset();
    this.posts = [];
    this.ephemeralPosts = [];
    this.openDms = new Set();
  }

  protected override failureBody(status: number): unknown {
    return status === 429 ? { ok: false, error: 'ratelimited' } : 'upstream connect error';
  }

  protected override authorize(req: RecordedRequest): FakeReply | undefined {
    const header = req.headers['authorization'];
    const token = header?.startsWith('Bearer ') ? header.slice(7) : str(argsOf(req)['token']);
    if (!token) return slackError('not_authed');
    if (token !== this.token) return slackError('invalid_auth');
    return undefined;
  }

  private nextTs(): string {
    this.tsCounter += 1;
    return `${Math.floor(Date.now() / 1000)}.${String(this.tsCounter).padStart(6, '0')}`;
  }

  private call(method: string, args: Args): FakeReply {
    switch (method) {
      case 'auth.test':
        return slack({
          ok: true,
          url: 'https://julia-test.slack.com/',
          team: 'Júlia Test',
          user: 'julia',
          team_id: this.teamId,
          user_id: this.botUserId,
          bot_id: this.botId,
          is_enterprise_install: false,
        });
      case 'chat.postMessage':
        return this.postMessage(args);
      case 'chat.update':
        return this.update(args);
      case 'chat.postEphemeral':
        return this.postEphemeral(args);
      case 'conversations.open':
        return this.openConversation(args);
      case 'users.info':
        return this.userInfo(args);
      default:
        return slack({ ok: false, error: 'unknown_method', req_method: method });
    }
  }

  private messageJson(post: SlackPost) {
    return {
      bot_id: this.botId,
      type: 'message',
      text: post.text ?? '',
      user: this.botUserId,
      ts: post.ts,
      team: this.teamId,
      ...(post.blocks !== undefined && { blocks: post.blocks }),
      ...(post.thread_ts && { thread_ts: post.thread_ts }),
    };
  }

  /** Layers a call's text/blocks/thread over `base`, keeping the raw args for assertions. */
  private withContent(base: Pick<SlackPost, 'channel' | 'ts'> & Partial<SlackPost>, args: Args): SlackPost {
    const text = str(args['text']);
    const threadTs = str(args['thread_ts']);
    return {
      ...base,
      args,
      ...(text !== undefined && { text }),
      ...(args['blocks'] !== undefined && { blocks: args['blocks'] }),
      ...(threadTs !== undefined && { thread_ts: threadTs }),
    };
  }

  private postMessage(args: Args): FakeReply {
    const channel = str(args['channel']);
    if (!channel) return slackError('channel_not_found');
    if (!str(args['text']) && args['blocks'] === undefined && args['attachments'] === undefined) return slackError('no_text');
    const post = this.withContent({ channel, ts: this.nextTs() }, args);
    this.posts.push(post);
    return slack({ ok: true, channel, ts: post.ts, message: this.messageJson(post) });
  }

  private postEphemeral(args: Args): FakeReply {
    const channel = str(args['channel']);
    const user = str(args['user']);
    if (!channel) return slackError('channel_not_found');
    if (!user) return slackError('user_not_found');
    if (!str(args['text']) && args['blocks'] === undefined) return slackError('no_text');
    const post = { ...this.withContent({ channel, ts: this.nextTs() }, args), user };
    this.ephemeralPosts.push(post);
    return slack({ ok: true, message_ts: post.ts });
  }

  private update(args: Args): FakeReply {
    const channel = str(args['channel']);
    if (!channel) return slackError('channel_not_found');
    const index = this.posts.findIndex((p) => p.channel === channel && p.ts === args['ts']);
    const original = this.posts[index];
    if (!original) return slackError('message_not_found');
    const updated = this.withContent(original, args);
    this.posts[index] = updated;
    return slack({ ok: true, channel, ts: original.ts, text: updated.text ?? '', message: this.messageJson(updated) });
  }

  private openConversation(args: Args): FakeReply {
    const channel = str(args['channel']);
    if (channel) return slack({ ok: true, no_op: true, already_open: true, channel: { id: channel } });
    const users = str(args['users']);
    if (!users) return slackError('users_list_not_supplied');
    // Deterministic DM id per user set, so repeated opens return the same channel like Slack.
    const key = users.split(',').map((u) => u.trim()).sort().join('');
    const id = `D${key.replace(/[^A-Z0-9]/g, '').slice(-9).padStart(9, '0')}`;
    const already = this.openDms.has(id);
    this.openDms.add(id);
    return slack({ ok: true, ...(already && { no_op: true, already_open: true }), channel: { id } });
  }

  private userInfo(args: Args): FakeReply {
    const id = str(args['user']);
    if (!id) return slackError('user_not_found');
    const known = this.options.users?.find((u) => u.id === id);
    if (this.options.users && !known) return slackError('user_not_found');
    const user = known ?? { id, name: id.toLowerCase(), real_name: `Usuário ${id}` };
    return slack({
      ok: true,
      user: {
        id: user.id,
        team_id: this.teamId,
        name: user.name,
        deleted: false,
        real_name: user.real_name,
        tz: user.tz ?? 'America/Sao_Paulo',
        is_bot: user.is_bot ?? false,
        profile: {
          real_name: user.real_name,
          display_name: user.name,
          ...(user.email && { email: user.email }),
        },
      },
    });
  }
}

export async function startSlackFake(options: SlackFakeOptions = {}): Promise<SlackFake> {
  return new SlackFake(options).listen();
}
