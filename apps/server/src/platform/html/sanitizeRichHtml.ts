import sanitizeHtml from 'sanitize-html';

const TABLE_TAGS = ['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'u',
    's',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'blockquote',
    'h2',
    'h3',
    'h4',
    'a',
    'span',
    ...TABLE_TAGS,
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    span: ['class'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Their text is code or markup, not prose: drop it with the tag.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
    'math',
  ],
  disallowedTagsMode: 'discard',
  transformTags: {
    // Pasted HTML often uses the older tags for the same formatting.
    b: 'strong',
    i: 'em',
    strike: 's',
    h1: 'h2',
    // A link that opens a new tab must not hand the new page a handle on ours.
    a: (tagName, attribs) => {
      const { target, rel: _rel, ...rest } = attribs;
      if (target === '_blank') return { tagName, attribs: { ...rest, target, rel: 'noopener noreferrer' } };
      return { tagName, attribs: rest };
    },
  },
};

/**
 * Rich text (SlateHTML widgets) as authors may store it: text formatting, lists, quotes, headings,
 * tables and links to the web or e-mail. Scripts, frames, styles and event handlers are removed.
 */
export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
