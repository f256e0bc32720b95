import { describe, expect, it } from 'vitest';
import { sanitizeRichHtml } from './sanitizeRichHtml.js';

describe('sanitizeRichHtml', () => {
  it('keeps text formatting, lists, quotes, headings and tables', () => {
    const html =
      '<h2>T</h2><p>a<br><strong>b</strong> <em>c</em> <u>d</u> <s>e</s> <code>f</code></p><pre>g</pre>' +
      '<ul><li>h</li></ul><ol><li>i</li></ol><blockquote>j</blockquote><h3>k</h3><h4>l</h4>' +
      '<table><thead><tr><th colspan="2">m</th></tr></thead><tbody><tr><td>n</td><td>o</td></tr></tbody></table>' +
      '<span class="note">p</span>';
    expect(sanitizeRichHtml(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('removes scripts, frames, styles and event handlers with their content', () => {
    const out = sanitizeRichHtml(
      '<p onclick="steal()" style="position:fixed">Hi</p><script>alert(1)</script><style>p{}</style>' +
        '<iframe src="https://evil.dev">frame</iframe><img src=x onerror="alert(1)"><object data="x">o</object>',
    );
    expect(out).toBe('<p>Hi</p>');
  });

  it('keeps links to the web and e-mail only', () => {
    expect(sanitizeRichHtml('<a href="javascript:alert(1)">a</a>')).toBe('<a>a</a>');
    expect(sanitizeRichHtml('<a href="//evil.dev">a</a>')).toBe('<a>a</a>');
    expect(sanitizeRichHtml('<a href="mailto:a@b.dev" title="x">a</a>')).toBe(
      '<a href="mailto:a@b.dev">a</a>',
    );
  });

  it('makes a link that opens a new tab noopener', () => {
    expect(sanitizeRichHtml('<a href="https://a.dev" target="_blank" rel="opener">a</a>')).toBe(
      '<a href="https://a.dev" target="_blank" rel="noopener noreferrer">a</a>',
    );
  });

  it('keeps the text of tags it does not allow, mapping the old formatting tags', () => {
    expect(sanitizeRichHtml('<div><b>bold</b> <i>it</i> <font>plain</font></div><h1>Top</h1>')).toBe(
      '<strong>bold</strong> <em>it</em> plain<h2>Top</h2>',
    );
  });
});
