import { describe, expect, it } from 'vitest';
import { decidedBlocks, noticeBlocks, previewBlocks } from './blocks.js';

describe('Block Kit builders', () => {
  it('escape the words of people: a name or a group post cannot ping @channel or dress a link as a button', () => {
    const evil = 'Hospital <!channel> <https://evil.example|Confirmar> & cia';
    const all = JSON.stringify([previewBlocks('id', `Aprovar a vaga: ${evil}`, 10), decidedBlocks(evil, 'ok'), noticeBlocks({ title: evil, lines: [evil] })]);
    expect(all).not.toMatch(/<!channel>|<https:/);
    expect(all).toContain('Hospital &lt;!channel&gt; &lt;https://evil.example|Confirmar&gt; &amp; cia');
  });
});
