import { Marked, type Token, type Tokens } from 'marked';
import { escapeHtml } from './escapeHtml.js';
import {
  createMarkupExtensions,
  type ImageToken,
  type MarkupState,
  renderImage,
} from './markupExtensions.js';
import { safeUrl } from './safeUrl.js';

export interface RenderedMarkdown {
  html: string;
  /** Problems an author must fix; the lesson importer rejects content that has any. */
  errors: string[];
}

const CODE_LANGUAGE = /^[A-Za-z0-9_+#.-]{1,32}$/;
const REDIRECT_PREFIX = '->';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Wraps each whole-word use of a defined abbreviation in <abbr>; `text` is already escaped. */
function applyAbbreviations(text: string, abbreviations: Map<string, string>): string {
  if (abbreviations.size === 0) return text;
  const terms = [...abbreviations.keys()].sort((a, b) => b.length - a.length).map((term) => escapeHtml(term));
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}_])(${terms.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}_])`,
    'gu',
  );
  const titles = new Map([...abbreviations].map(([term, title]) => [escapeHtml(term), escapeHtml(title)]));
  return text.replace(pattern, (term) => `<abbr title="${titles.get(term) ?? ''}">${term}</abbr>`);
}

/** A paragraph that holds one image and nothing else is a figure, so it can be aligned as a block. */
function loneImage(tokens: Token[]): ImageToken | null {
  const meaningful = tokens.filter((token) => !(token.type === 'text' && token.raw.trim() === ''));
  const only = meaningful[0];
  if (meaningful.length !== 1 || !only) return null;
  if (only.type === 'mdImage') return only as ImageToken;
  if (only.type === 'image') {
    return {
      type: 'mdImage',
      raw: only.raw,
      src: only.href,
      alt: only.text,
      title: only.title,
      attributes: {},
    };
  }
  return null;
}

/**
 * Lesson Markdown plus the platform's markup (docs/content-markup.md) to HTML that is safe to insert
 * as is: raw HTML is shown as text, links are limited to the web, e-mail and the platform. Each
 * top-level block carries data-md-child-id, its position among the blocks, which is what notes and
 * highlights anchor on.
 */
export function renderMarkdown(text: string): RenderedMarkdown {
  const state: MarkupState = { errors: [] };
  const abbreviations = new Map<string, string>();
  const marked = new Marked({
    gfm: true,
    breaks: false,
    extensions: createMarkupExtensions(state),
    renderer: {
      html(token) {
        // Authors' HTML is never passed through: it reads as the text they typed.
        const escaped = escapeHtml(token.text.replace(/\n+$/, ''));
        return token.block ? `<p>${escaped}</p>\n` : escaped;
      },
      code({ text: code, lang }) {
        const language = (lang ?? '').trim().split(/\s+/)[0] ?? '';
        const attribute = CODE_LANGUAGE.test(language) ? ` class="language-${escapeHtml(language)}"` : '';
        // A long line scrolls sideways: tabindex lets a keyboard reach the block to scroll it (WCAG 2.1.1).
        return `<pre tabindex="0"><code${attribute}>${escapeHtml(code.replace(/\n$/, ''))}\n</code></pre>\n`;
      },
      link({ href, title, tokens }) {
        const inner = this.parser.parseInline(tokens);
        const isRedirect = href.startsWith(REDIRECT_PREFIX);
        const target = isRedirect ? href.slice(REDIRECT_PREFIX.length) : href;
        const url = safeUrl(target);
        // A link we will not follow keeps its text, so the sentence still reads.
        if (url === null || (isRedirect && !/^https?:/i.test(url))) return inner;
        const titleAttribute = title ? ` title="${escapeHtml(title)}"` : '';
        const newTab = isRedirect ? ' target="_blank" rel="noopener noreferrer"' : '';
        return `<a href="${escapeHtml(url)}"${titleAttribute}${newTab}>${inner}</a>`;
      },
      image({ href, title, text: alt }) {
        return renderImage({ type: 'mdImage', raw: '', src: href, alt, title, attributes: {} });
      },
      heading({ tokens, depth }) {
        // "## Setup {#setup}" puts the anchor on the heading itself.
        const last = tokens.at(-1);
        const id = last?.type === 'mdAnchor' ? ` id="${escapeHtml(String(last.id))}"` : '';
        const content = id ? tokens.slice(0, -1) : tokens;
        return `<h${depth}${id}>${this.parser.parseInline(content).trimEnd()}</h${depth}>\n`;
      },
      paragraph({ tokens }) {
        const image = loneImage(tokens);
        if (image) {
          const align = image.attributes.align ? ` md-align-${image.attributes.align}` : '';
          const caption = image.title ? `<figcaption>${escapeHtml(image.title)}</figcaption>` : '';
          return `<figure class="md-figure${align}">${renderImage(image)}${caption}</figure>\n`;
        }
        return `<p>${this.parser.parseInline(tokens)}</p>\n`;
      },
      text(token) {
        if (token.type !== 'text' || token.tokens || token.escaped) return false;
        return applyAbbreviations(escapeHtml(token.text), abbreviations);
      },
    },
  });

  const tokens = marked.lexer(text);
  for (const token of tokens) {
    if (token.type === 'mdAbbreviation') abbreviations.set(String(token.term), String(token.title));
  }
  const blocks: string[] = [];
  for (const token of tokens) {
    if (token.type === 'space' || token.type === 'def' || token.type === 'mdAbbreviation') continue;
    const html = marked.parser([token as Tokens.Generic]).trim();
    if (html === '') continue;
    const index = blocks.length;
    blocks.push(html.replace(/^<([a-z][a-z0-9]*)/, `<$1 data-md-child-id="${index}"`));
  }
  return { html: blocks.join('\n'), errors: state.errors };
}
