import type { TokenizerAndRendererExtension, Tokens } from 'marked';
import { escapeHtml } from './escapeHtml.js';
import { type ImageAttributes, parseImageAttributes } from './imageAttributes.js';
import { safeUrl } from './safeUrl.js';

// The platform's markup on top of CommonMark (docs/content-markup.md). Every construct is a marked
// extension, so code spans and code blocks keep their text literally.

export const TEXT_COLORS = ['blue', 'green', 'purple', 'purple-gradient', 'red-gradient'] as const;

const PLACEHOLDER_NAME = '[A-Za-z_][A-Za-z0-9_.-]{0,63}';
/** The four bracket styles a template placeholder may use; each pair is doubled so prose never trips it. */
const PLACEHOLDER = new RegExp(
  `^(?:\\{\\{(${PLACEHOLDER_NAME})\\}\\}|\\[\\[(${PLACEHOLDER_NAME})\\]\\]|<<(${PLACEHOLDER_NAME})>>|\\(\\((${PLACEHOLDER_NAME})\\)\\))`,
);
const ROLE = /^\{\{(keyword|concept|color):([^{}]*)\}\}/;
const ANCHOR = /^\{#([A-Za-z][A-Za-z0-9_-]{0,63})\}/;
const IMAGE_WITH_ATTRIBUTES = /^!\[([^\]\n]*)\]\(([^()\s]+)(?:\s+"([^"\n]*)")?\)\{([^}\n]*)\}/;
const LINE_BREAK_TAG = /^<br\s*\/?>/i;
const ABBREVIATION = /^\*\[([^\]\n]+)\]:[ \t]*([^\n]*)(?:\n|$)/;

export interface MarkupState {
  errors: string[];
}

export interface ImageToken extends Tokens.Generic {
  type: 'mdImage';
  src: string;
  alt: string;
  title: string | null;
  attributes: ImageAttributes;
}

/** Where the next markup construct could begin, so marked's plain-text run stops in front of it. */
function nextStart(src: string, pattern: RegExp): number | undefined {
  const index = src.search(pattern);
  return index < 0 ? undefined : index;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
}

export function renderImage(token: ImageToken): string {
  const { attributes } = token;
  const src = safeUrl(token.src, { allowMailto: false });
  const alt = attributes.alt ?? token.alt;
  if (src === null) return escapeHtml(alt);
  const parts = [`src="${escapeHtml(src)}"`, `alt="${escapeHtml(alt)}"`];
  if (token.title) parts.push(`title="${escapeHtml(token.title)}"`);
  if (attributes.width) parts.push(`width="${attributes.width}"`);
  if (attributes.height) parts.push(`height="${attributes.height}"`);
  if (attributes.align) parts.push(`class="md-image md-align-${attributes.align}"`);
  else parts.push('class="md-image"');
  parts.push('loading="lazy"');
  return `<img ${parts.join(' ')}>`;
}

export function createMarkupExtensions(state: MarkupState): TokenizerAndRendererExtension[] {
  return [
    {
      name: 'mdAbbreviation',
      level: 'block',
      start: (src) => nextStart(src, /^\*\[/m),
      tokenizer(src) {
        const match = ABBREVIATION.exec(src);
        if (!match) return undefined;
        return { type: 'mdAbbreviation', raw: match[0], term: match[1]!.trim(), title: match[2]!.trim() };
      },
      // Definitions are collected before rendering; they print nothing where they stand.
      renderer: () => '',
    },
    {
      name: 'mdImage',
      level: 'inline',
      start: (src) => nextStart(src, /!\[/),
      tokenizer(src) {
        const match = IMAGE_WITH_ATTRIBUTES.exec(src);
        if (!match) return undefined;
        const [raw, alt, href, title, block] = match;
        const { attributes, leftover } = parseImageAttributes(block!);
        if (leftover.length > 0) {
          state.errors.push(
            `Image "${href}": could not read ${leftover.map((part) => `"${part}"`).join(', ')} in {${block}}. ` +
              'Use width=…, height=…, align=left|right|middle and alt="…".',
          );
        }
        const token: ImageToken = {
          type: 'mdImage',
          raw,
          src: href!,
          alt: alt!,
          title: title ?? null,
          attributes,
        };
        return token;
      },
      renderer: (token) => renderImage(token as ImageToken),
    },
    {
      name: 'mdRole',
      level: 'inline',
      start: (src) => nextStart(src, /\{\{(?:keyword|concept|color):/),
      tokenizer(src) {
        const match = ROLE.exec(src);
        if (!match) return undefined;
        const [raw, role, body] = match as unknown as [string, string, string];
        const pipe = body.indexOf('|');
        const head = (pipe < 0 ? body : body.slice(0, pipe)).trim();
        const rest = pipe < 0 ? '' : body.slice(pipe + 1).trim();
        if (role === 'color') {
          const color = (TEXT_COLORS as readonly string[]).includes(head) ? head : null;
          if (color === null) {
            state.errors.push(`Unknown colour "${head}" in ${raw}. Use one of: ${TEXT_COLORS.join(', ')}.`);
          }
          return { type: 'mdColor', raw, color, tokens: this.lexer.inlineTokens(rest) };
        }
        if (role === 'keyword') {
          return {
            type: 'mdKeyword',
            raw,
            term: head,
            definition: rest,
            tokens: this.lexer.inlineTokens(head),
          };
        }
        // A concept names an idea the course explains elsewhere; the label defaults to the name.
        return {
          type: 'mdConcept',
          raw,
          concept: slugify(head),
          tokens: this.lexer.inlineTokens(rest || head),
        };
      },
    },
    {
      name: 'mdColor',
      renderer(token) {
        const inner = this.parser.parseInline(token.tokens ?? []);
        return token.color ? `<span class="md-color md-color-${token.color}">${inner}</span>` : inner;
      },
    },
    {
      name: 'mdKeyword',
      renderer(token) {
        const definition = escapeHtml(token.definition);
        // tabindex lets keyboard users reach the definition that mouse users see on hover.
        return `<dfn class="md-keyword" tabindex="0" title="${definition}" data-definition="${definition}">${this.parser.parseInline(token.tokens ?? [])}</dfn>`;
      },
    },
    {
      name: 'mdConcept',
      renderer(token) {
        return `<span class="md-concept" data-concept="${escapeHtml(token.concept)}">${this.parser.parseInline(token.tokens ?? [])}</span>`;
      },
    },
    {
      name: 'mdPlaceholder',
      level: 'inline',
      start: (src) => nextStart(src, /\{\{|\[\[|<<|\(\(/),
      tokenizer(src) {
        const match = PLACEHOLDER.exec(src);
        if (!match) return undefined;
        const name = match[1] ?? match[2] ?? match[3] ?? match[4] ?? '';
        return { type: 'mdPlaceholder', raw: match[0], name };
      },
      renderer: (token) =>
        `<span class="md-placeholder" data-placeholder="${escapeHtml(token.name)}">${escapeHtml(token.raw)}</span>`,
    },
    {
      name: 'mdAnchor',
      level: 'inline',
      start: (src) => nextStart(src, /\{#/),
      tokenizer(src) {
        const match = ANCHOR.exec(src);
        if (!match) return undefined;
        return { type: 'mdAnchor', raw: match[0], id: match[1] };
      },
      renderer: (token) => `<span class="md-anchor" id="${escapeHtml(token.id)}"></span>`,
    },
    {
      name: 'mdLineBreak',
      level: 'inline',
      start: (src) => nextStart(src, /<br/i),
      tokenizer(src) {
        const match = LINE_BREAK_TAG.exec(src);
        return match ? { type: 'mdLineBreak', raw: match[0] } : undefined;
      },
      renderer: () => '<br>',
    },
  ];
}
