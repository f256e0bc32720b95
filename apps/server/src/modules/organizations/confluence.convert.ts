import { type ChildNode, Element, isCDATA, isTag, isText, Text } from 'domhandler';
import { parseDocument } from 'htmlparser2';

// Confluence's storage format (XHTML with ac:/ri: elements) to lesson Markdown (docs/organizations.md,
// "Confluence import"). Only what Markdown can say survives: headings, paragraphs, emphasis, code (inline,
// blocks and the code/noformat macros), lists, quotes, panels (info/note/tip/warning as quotes), tables,
// rules and web links. Everything else keeps its text and loses its markup; scripts, styles and unknown
// macros' parameters are dropped. Text is escaped, so nothing in a page becomes our markup or HTML; the
// Markdown is then rendered by the lesson renderer, which lets no HTML through.

type Node = ChildNode;

const isElement = (node: Node): node is Element => isTag(node) || node instanceof Element;

const DROPPED = new Set(['script', 'style', 'head', 'title', 'ac:parameter', 'ri:attachment', 'ac:image']);
const PANELS = new Set(['info', 'note', 'tip', 'warning', 'panel', 'expand']);
const CODE_MACROS = new Set(['code', 'noformat']);
const SAFE_LINK = /^(https?:|mailto:)/i;
const CODE_LANGUAGE = /^[A-Za-z0-9_+#.-]{1,32}$/;

/** Backslash-escapes the punctuation Markdown or our markup (`{{`, `[[`, `<<`, `((`) could read as syntax. */
export function escapeMarkdownText(text: string): string {
  return text.replace(/[\\`*_{}[\]<>|~!&]|\((?=\()/g, (char) => `\\${char}`);
}

/** Text that opens a block must not read as a heading, list item, quote, rule or setext underline. */
function guardBlockStart(text: string): string {
  return text.replace(/^(\d{1,9})([.)])/, '$1\\$2').replace(/^([#+=-])/, '\\$1');
}

function textOf(node: Node): string {
  if (isText(node)) return node.data;
  if (isCDATA(node) || isElement(node)) return node.children.map(textOf).join('');
  return '';
}

function child(element: Element, name: string): Element | undefined {
  return element.children.find((node): node is Element => isElement(node) && node.name === name);
}

function parameter(element: Element, name: string): string {
  const found = element.children.find(
    (node) => isElement(node) && node.name === 'ac:parameter' && node.attribs['ac:name'] === name,
  );
  return found ? textOf(found).trim() : '';
}

/** Inline content: escaped text with emphasis, code and links; line breaks as <br>. */
function inline(nodes: Node[]): string {
  let out = '';
  for (const node of nodes) {
    if (isText(node)) {
      out += escapeMarkdownText(node.data.replace(/\s+/g, ' '));
      continue;
    }
    if (isCDATA(node)) {
      out += escapeMarkdownText(textOf(node));
      continue;
    }
    if (!isElement(node) || DROPPED.has(node.name)) continue;
    out += inlineElement(node);
  }
  return out;
}

function wrap(marker: string, content: string): string {
  const trimmed = content.trim();
  if (!trimmed) return content;
  // Markdown needs the marker against the text: spaces move outside it.
  const lead = content.startsWith(' ') ? ' ' : '';
  const trail = content.endsWith(' ') ? ' ' : '';
  return `${lead}${marker}${trimmed}${marker}${trail}`;
}

function inlineElement(element: Element): string {
  switch (element.name) {
    case 'strong':
    case 'b':
      return wrap('**', inline(element.children));
    case 'em':
    case 'i':
    case 'cite':
      return wrap('_', inline(element.children));
    case 's':
    case 'del':
    case 'strike':
      return wrap('~~', inline(element.children));
    case 'code':
    case 'kbd':
    case 'samp': {
      const code = textOf(element).replace(/\s+/g, ' ');
      if (!code.trim()) return '';
      const fence = code.includes('`') ? '``' : '`';
      return `${fence}${fence === '``' ? ' ' : ''}${code}${fence === '``' ? ' ' : ''}${fence}`;
    }
    case 'br':
      return '<br>';
    case 'a': {
      const label = inline(element.children).trim();
      const href = (element.attribs.href ?? '').trim();
      if (!SAFE_LINK.test(href) || /[\s<>]/.test(href)) return label;
      return `[${label || escapeMarkdownText(href)}](<${href.replace(/[()]/g, encodeURIComponent)}>)`;
    }
    case 'ac:link': {
      // A link to another Confluence page or attachment: its text, since the target is not imported.
      const body = child(element, 'ac:plain-text-link-body') ?? child(element, 'ac:link-body');
      const page = child(element, 'ri:page');
      const text = body ? textOf(body) : (page?.attribs['ri:content-title'] ?? '');
      return escapeMarkdownText(text);
    }
    case 'ac:emoticon':
      return '';
    default:
      return inline(element.children);
  }
}

function fenced(code: string, language: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  const lang = CODE_LANGUAGE.test(language) ? language : '';
  return `${fence}${lang}\n${code.replace(/\n+$/, '')}\n${fence}`;
}

function quote(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

function list(element: Element, depth: number): string {
  const ordered = element.name === 'ol';
  const items = element.children.filter((node): node is Element => isElement(node) && node.name === 'li');
  return items
    .map((item, index) => {
      const marker = ordered ? `${index + 1}.` : '-';
      const indent = ' '.repeat(marker.length + 1);
      const inlineParts: Node[] = [];
      const nested: string[] = [];
      for (const node of item.children) {
        if (isElement(node) && (node.name === 'ul' || node.name === 'ol')) nested.push(list(node, depth + 1));
        else if (isElement(node) && node.name === 'p') inlineParts.push(...node.children, new Text(' '));
        else inlineParts.push(node);
      }
      const text = guardBlockStart(inline(inlineParts).trim()) || '\u00a0';
      const rest = nested.map((block) => block.replace(/^/gm, indent)).join('\n');
      return `${marker} ${text}${rest ? `\n${rest}` : ''}`;
    })
    .join('\n');
}

function table(element: Element): string {
  const rows: Element[] = [];
  const collect = (nodes: Node[]) => {
    for (const node of nodes) {
      if (!isElement(node)) continue;
      if (node.name === 'tr') rows.push(node);
      else if (['thead', 'tbody', 'tfoot'].includes(node.name)) collect(node.children);
    }
  };
  collect(element.children);
  const cells = rows.map((row) =>
    row.children
      .filter((node): node is Element => isElement(node) && (node.name === 'td' || node.name === 'th'))
      .map((cell) => inline(cell.children).trim().replace(/\n/g, ' ') || ' '),
  );
  const width = Math.max(0, ...cells.map((row) => row.length));
  if (width === 0) return '';
  const pad = (row: string[]) => [...row, ...Array(width - row.length).fill(' ')];
  const [head = [], ...body] = cells;
  return [
    `| ${pad(head).join(' | ')} |`,
    `|${' --- |'.repeat(width)}`,
    ...body.map((row) => `| ${pad(row).join(' | ')} |`),
  ].join('\n');
}

/** Block content: a list of Markdown blocks, each separated from the next by a blank line. */
function blocks(nodes: Node[], depth = 0): string[] {
  const out: string[] = [];
  let pending: Node[] = [];
  const flush = () => {
    const text = guardBlockStart(inline(pending).trim());
    if (text) out.push(text);
    pending = [];
  };
  for (const node of nodes) {
    if (!isElement(node)) {
      pending.push(node);
      continue;
    }
    if (DROPPED.has(node.name)) continue;
    const block = blockElement(node, depth);
    if (block === null) {
      pending.push(node);
      continue;
    }
    flush();
    out.push(...block);
  }
  flush();
  return out.filter((block) => block.trim() !== '');
}

/** A block element's Markdown blocks, or null when the element is inline. */
function blockElement(element: Element, depth: number): string[] | null {
  const heading = /^h([1-6])$/.exec(element.name);
  if (heading) {
    const text = inline(element.children).trim().replace(/<br>/g, ' ');
    return text ? [`${'#'.repeat(Number(heading[1]))} ${text}`] : [];
  }
  switch (element.name) {
    case 'p':
      return [guardBlockStart(inline(element.children).trim())];
    case 'pre':
      return [fenced(textOf(element), '')];
    case 'blockquote':
      return [quote(blocks(element.children, depth).join('\n\n'))];
    case 'ul':
    case 'ol':
      return [list(element, depth)];
    case 'table':
      return [table(element)];
    case 'hr':
      return ['---'];
    case 'ac:structured-macro':
    case 'ac:macro': {
      const name = element.attribs['ac:name'] ?? '';
      if (CODE_MACROS.has(name)) {
        const body = child(element, 'ac:plain-text-body');
        return body ? [fenced(textOf(body), parameter(element, 'language'))] : [];
      }
      const rich = child(element, 'ac:rich-text-body');
      if (!rich) return [];
      const inner = blocks(rich.children, depth);
      if (PANELS.has(name)) {
        const title = parameter(element, 'title');
        return [quote([...(title ? [`**${escapeMarkdownText(title)}**`] : []), ...inner].join('\n\n'))];
      }
      return inner;
    }
    case 'div':
    case 'section':
    case 'article':
    case 'ac:layout':
    case 'ac:layout-section':
    case 'ac:layout-cell':
    case 'ac:rich-text-body':
    case 'ac:task-list':
    case 'body':
    case 'html':
      return blocks(element.children, depth);
    case 'ac:task':
      return [`- ${inline(child(element, 'ac:task-body')?.children ?? []).trim()}`];
    default:
      return null;
  }
}

/** One Confluence page body (storage representation) as lesson Markdown. */
export function storageToMarkdown(storage: string): string {
  const document = parseDocument(storage, { recognizeCDATA: true, decodeEntities: true });
  return blocks(document.children).join('\n\n');
}
