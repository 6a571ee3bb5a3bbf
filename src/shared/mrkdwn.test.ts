import { describe, expect, it } from 'vitest';
import { escapeMrkdwn, escapeModelMrkdwn } from './mrkdwn.js';

describe('Slack mrkdwn escaping', () => {
  it('renders control sequences as text', () => {
    expect(escapeMrkdwn('<!channel> <https://x|Confirmar> A&B')).toBe('&lt;!channel&gt; &lt;https://x|Confirmar&gt; A&amp;B');
  });
  it("keeps only user and channel mentions live in the model's text", () => {
    expect(escapeModelMrkdwn('Oi <@UMANAGER1>, veja <#CGESTAO>. <!here> <https://evil|Confirmar> <@U1|x>')).toBe(
      'Oi <@UMANAGER1>, veja <#CGESTAO>. &lt;!here&gt; &lt;https://evil|Confirmar&gt; &lt;@U1|x&gt;',
    );
  });
});
