import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './renderMarkdown.js';

const html = (text: string) => renderMarkdown(text).html;

describe('renderMarkdown', () => {
  describe('safety', () => {
    it('shows raw HTML as the text the author typed', () => {
      const out = html(
        'Hi <script>alert(1)</script> and <img src=x onerror=alert(1)>\n\n<div>\n**x**\n</div>',
      );
      expect(out).not.toMatch(/<script|<img|<div/);
      expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(out).toContain('&lt;div&gt;');
    });

    it('only links to the web, e-mail, the platform and anchors', () => {
      const out = html(
        '[a](javascript:alert(1)) [b](https://x.dev) [c](#part) [d](mailto:a@b.dev) [e](/learn) [f](data:text/html,x) [g](//evil.dev)',
      );
      expect(out).toContain('<a href="https://x.dev">b</a>');
      expect(out).toContain('<a href="#part">c</a>');
      expect(out).toContain('<a href="mailto:a@b.dev">d</a>');
      expect(out).toContain('<a href="/learn">e</a>');
      expect(out).not.toMatch(/javascript:|data:|evil\.dev/);
      // A refused link keeps its text.
      expect(out).toMatch(/<p data-md-child-id="0">a <a/);
    });

    it('escapes quotes in titles and alt text', () => {
      expect(html('[x](https://a.dev "say \\"hi\\"")')).toContain('title="say &quot;hi&quot;"');
      expect(html('![a "b"](/c.png)')).toContain('alt="a &quot;b&quot;"');
    });
  });

  it('numbers every top-level block for notes and highlights', () => {
    const out = html(
      '# Title\n\nText\n\n- a\n- b\n\n1. one\n\n```js\nx\n```\n\n> quote\n\n---\n\n| a |\n|---|\n| 1 |\n\n![i](/i.png)',
    );
    const tags = [...out.matchAll(/<([a-z0-9]+) data-md-child-id="(\d+)"/g)].map((m) => `${m[1]}:${m[2]}`);
    expect(tags).toEqual([
      'h1:0',
      'p:1',
      'ul:2',
      'ol:3',
      'pre:4',
      'blockquote:5',
      'hr:6',
      'table:7',
      'figure:8',
    ]);
    // Nested blocks are not numbered: the quote's paragraph belongs to block 5.
    expect(out.match(/data-md-child-id/g)).toHaveLength(9);
  });

  it('marks code blocks with their language and escapes the code', () => {
    expect(html('```python\nprint("<b>")\n```')).toBe(
      '<pre data-md-child-id="0" tabindex="0"><code class="language-python">print(&quot;&lt;b&gt;&quot;)\n</code></pre>',
    );
    expect(html('```x" onclick="y\nz\n```')).toContain('<code>z');
  });

  it('opens redirect links in a new tab without handing over the opener', () => {
    expect(html('[Docs](->https://docs.dev/x)')).toContain(
      '<a href="https://docs.dev/x" target="_blank" rel="noopener noreferrer">Docs</a>',
    );
    expect(html('[Bad](->javascript:alert(1))')).not.toContain('<a');
  });

  it('renders keyword definitions, concepts and colours', () => {
    const out = html(
      'A {{keyword:closure|A function with its scope}}, {{concept:Big O}} and {{color:purple-gradient|**loud**}}.',
    );
    expect(out).toContain(
      '<dfn class="md-keyword" tabindex="0" title="A function with its scope" data-definition="A function with its scope">closure</dfn>',
    );
    expect(out).toContain('<span class="md-concept" data-concept="big-o">Big O</span>');
    expect(out).toContain('<span class="md-color md-color-purple-gradient"><strong>loud</strong></span>');
  });

  it('reports a colour it does not know', () => {
    const result = renderMarkdown('{{color:pink|hi}}');
    expect(result.html).toBe('<p data-md-child-id="0">hi</p>');
    expect(result.errors[0]).toMatch(/Unknown colour "pink"/);
  });

  it('expands abbreviations defined anywhere in the text, outside code', () => {
    const result = renderMarkdown('HTML, XHTML and `HTML`.\n\n*[HTML]: HyperText Markup Language');
    expect(result.html).toBe(
      '<p data-md-child-id="0"><abbr title="HyperText Markup Language">HTML</abbr>, XHTML and <code>HTML</code>.</p>',
    );
  });

  it('sets id anchors on headings and inline', () => {
    expect(html('## Setup {#setup}')).toBe('<h2 data-md-child-id="0" id="setup">Setup</h2>');
    expect(html('Here{#here} it is')).toContain('<span class="md-anchor" id="here"></span>');
  });

  it('turns <br> into a line break and nothing else', () => {
    expect(html('one<br>two<br />three')).toBe('<p data-md-child-id="0">one<br>two<br>three</p>');
  });

  it('recognises placeholders in four bracket styles and leaves them visible', () => {
    const out = html('{{name}} [[name]] <<name>> ((name)) `{{name}}`');
    expect(out.match(/class="md-placeholder" data-placeholder="name"/g)).toHaveLength(4);
    expect(out).toContain('&lt;&lt;name&gt;&gt;</span>');
    expect(out).toContain('<code>{{name}}</code>');
    // Spaces make it prose, not a placeholder.
    expect(html('{{ not one }}')).not.toContain('md-placeholder');
  });

  describe('images', () => {
    it('reads width, height, align and alt', () => {
      expect(html('![cat](/cat.png "A cat"){width=300 height=200 align=right alt="Sleeping cat"}')).toBe(
        '<figure data-md-child-id="0" class="md-figure md-align-right"><img src="/cat.png" alt="Sleeping cat" title="A cat" width="300" height="200" class="md-image md-align-right" loading="lazy"><figcaption>A cat</figcaption></figure>',
      );
    });

    it('keeps images inside a sentence inline', () => {
      expect(html('An ![icon](/i.svg){align=middle} icon')).toContain(
        '<p data-md-child-id="0">An <img src="/i.svg" alt="icon" class="md-image md-align-middle" loading="lazy"> icon</p>',
      );
    });

    it('rejects an attribute block with text it cannot read', () => {
      const result = renderMarkdown('![cat](/cat.png){width=300 big align=top}');
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]).toContain('"big", "align=top"');
      expect(renderMarkdown('![cat](/cat.png){width=300}').errors).toEqual([]);
    });

    it('drops image sources that are not web or platform addresses', () => {
      expect(html('![x](javascript:alert(1))')).not.toContain('<img');
    });
  });

  it('renders nothing for empty text', () => {
    expect(renderMarkdown('')).toEqual({ html: '', errors: [] });
  });
});
