import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeHref, titleOf } from './markdown.ts';
import { MarkdownView } from './markdown-view.tsx';

const html = (source: string) => renderToStaticMarkup(createElement(MarkdownView, { blocks: parseMarkdown(source) }));

describe('the legal Markdown reader', () => {
  it('reads headings, paragraphs joined across lines, bullet and numbered lists', () => {
    expect(
      html('# Terms\n\nFirst line\nsecond line.\n\n## Lists\n- one\n- two\n  continued\n\n1. first\n2. second\n'),
    ).toBe(
      '<h1>Terms</h1><p>First line second line.</p><h2>Lists</h2><ul><li>one</li><li>two continued</li></ul><ol><li>first</li><li>second</li></ol>',
    );
  });

  it('renders links, bold, italics and inline code inside text', () => {
    expect(html('See the [privacy notice](/hs/terms/privacy), **not** *legal advice*, and `pm_session`.')).toBe(
      '<p>See the <a href="/hs/terms/privacy">privacy notice</a>, <strong>not</strong> <em>legal advice</em>, and <code>pm_session</code>.</p>',
    );
    expect(html('[site](https://example.org)')).toBe(
      '<p><a href="https://example.org" target="_blank" rel="noreferrer noopener">site</a></p>',
    );
  });

  it('never passes HTML through: tags in the text come out as text', () => {
    const out = html('# <img src=x onerror=alert(1)>\n\n<script>alert(1)</script> and <b>bold</b>');
    expect(out).not.toContain('<script');
    expect(out).not.toContain('<img');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('drops links to javascript:, data: and other-site protocol-relative addresses, keeping their text', () => {
    expect(html('[click](javascript:alert%281%29) [data](data:text/html,x) [other](//evil.example)')).toBe(
      '<p>click data other</p>',
    );
    expect(safeHref('mailto:ops@example.org')).toBe('mailto:ops@example.org');
    expect(safeHref('/plans')).toBe('/plans');
    expect(safeHref('/\\evil.example')).toBeNull();
  });

  it('leaves underscores inside words alone and takes the first heading as the title', () => {
    expect(parseInline('the pm_session cookie')).toEqual([{ type: 'text', text: 'the pm_session cookie' }]);
    expect(titleOf(parseMarkdown('Intro\n\n# Privacy **Notice**\n\n## More'))).toBe('Privacy Notice');
  });
});
