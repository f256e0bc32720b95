import { renderMarkdown } from '@coderoom/domain';
import { describe, expect, it } from 'vitest';
import { storageToMarkdown } from './confluence.convert.js';

// Confluence storage format to lesson Markdown: what survives, and that nothing in a page becomes HTML
// or our markup.

describe('storageToMarkdown', () => {
  it('keeps headings, emphasis, lists, tables, code macros and panels', () => {
    const storage = [
      '<h1>Deploying the <em>robot</em></h1>',
      '<p>Run it with <strong>care</strong> and <code>make deploy</code>.<br/>Then wait.</p>',
      '<ul><li>first<ul><li>nested</li></ul></li><li><p>second</p></li></ul>',
      '<ol><li>one</li><li>two</li></ol>',
      '<table><tbody><tr><th>Key</th><th>Value</th></tr><tr><td>a</td><td>1</td></tr></tbody></table>',
      '<ac:structured-macro ac:name="code"><ac:parameter ac:name="language">python</ac:parameter>',
      '<ac:plain-text-body><![CDATA[if x < 1 and y:\n    print("```")]]></ac:plain-text-body></ac:structured-macro>',
      '<ac:structured-macro ac:name="info"><ac:parameter ac:name="title">Heads up</ac:parameter>',
      '<ac:rich-text-body><p>Check the arm first.</p></ac:rich-text-body></ac:structured-macro>',
      '<p><a href="https://example.com/docs">the docs</a> and <ac:link><ri:page ri:content-title="Other page"/></ac:link></p>',
    ].join('');
    const markdown = storageToMarkdown(storage);
    expect(markdown).toContain('# Deploying the _robot_');
    expect(markdown).toContain('Run it with **care** and `make deploy`.<br>Then wait.');
    expect(markdown).toContain('- first\n  - nested\n- second');
    expect(markdown).toContain('1. one\n2. two');
    expect(markdown).toContain('| Key | Value |\n| --- | --- |\n| a | 1 |');
    expect(markdown).toContain('````python\nif x < 1 and y:\n    print("```")\n````');
    expect(markdown).toContain('> **Heads up**\n>\n> Check the arm first.');
    expect(markdown).toContain('[the docs](<https://example.com/docs>) and Other page');

    const rendered = renderMarkdown(markdown);
    expect(rendered.errors).toEqual([]);
    expect(rendered.html).toMatch(/<h1[^>]*>Deploying the <em>robot<\/em><\/h1>/);
    expect(rendered.html).toContain('<code class="language-python">');
    expect(rendered.html).toContain('<a href="https://example.com/docs">the docs</a>');
  });

  it('lets no script, unsafe link, raw HTML or platform markup through', () => {
    const storage = [
      '<script>alert(1)</script><style>p{}</style>',
      '<p><a href="javascript:alert(1)">click</a> &lt;img src=x onerror=alert(1)&gt;</p>',
      '<p>{{keyword:boom}} [[x]] ((y)) &lt;&lt;z&gt;&gt; *[HTML]: abbr {#anchor}</p>',
      '<p>1. not a list</p><p># not a heading</p><p>- not an item</p>',
    ].join('');
    const markdown = storageToMarkdown(storage);
    expect(markdown).not.toContain('alert(1)</');
    expect(markdown).not.toContain('javascript:');
    const rendered = renderMarkdown(markdown);
    expect(rendered.errors).toEqual([]);
    expect(rendered.html).not.toMatch(/<script|<img|<a |<abbr|<h1|<ol|<ul|<style/);
    expect(rendered.html).toContain('click');
    expect(rendered.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(rendered.html).toContain('{{keyword:boom}} [[x]] ((y))');
    expect(rendered.html).toContain('1. not a list');
    expect(rendered.html).toContain('# not a heading');
  });
});
