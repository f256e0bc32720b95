import type { WebpackBinFile } from '@coderoom/contracts';
import { isStylesheet } from './webpackbin.bundler.js';

/** Inline text may not close its element early: `</script>` inside a string would end the script. */
export function escapeInline(text: string, tag: 'script' | 'style'): string {
  return text.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1').replace(/<!--/g, '<\\!--');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `<script src="index.js">` and `<link href="style.css">` naming the widget's own files: authors write them
 * out of habit, but everything is inlined, and the frame's policy would refuse to load them anyway.
 */
function withoutLocalReferences(html: string, files: readonly WebpackBinFile[]): string {
  let page = html;
  for (const file of files) {
    const name = `(?:\\./)?${escapeRegExp(file.name)}`;
    page = page
      .replace(new RegExp(`<script\\b[^>]*\\bsrc=["']${name}["'][^>]*>\\s*</script>`, 'gi'), '')
      .replace(new RegExp(`<link\\b[^>]*\\bhref=["']${name}["'][^>]*>`, 'gi'), '');
  }
  return page;
}

/** Puts `insert` before the first `</tag>` (any case) of `html`, or at `fallback` when there is none. */
function insertBefore(html: string, tag: string, insert: string, fallback: 'start' | 'end'): string {
  const at = html.search(new RegExp(`</${tag}\\s*>`, 'i'));
  if (at >= 0) return `${html.slice(0, at)}${insert}${html.slice(at)}`;
  return fallback === 'start' ? `${insert}${html}` : `${html}${insert}`;
}

/**
 * The page a WebpackBin shows: its index.html (a whole document or a fragment) with every stylesheet
 * inlined in the head and the bundled script at the end of the body.
 */
export function webpackBinDocument(files: readonly WebpackBinFile[], js: string | null): string {
  const index = files.find((file) => file.name === 'index.html')?.content ?? '';
  let page = withoutLocalReferences(index, files);
  const isDocument = /<html[\s>]/i.test(page);
  if (!isDocument) {
    page = `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n</head>\n<body>\n${page}\n</body>\n</html>\n`;
  }
  const styles = files
    .filter(isStylesheet)
    .map((file) => `<style data-file="${file.name}">${escapeInline(file.content, 'style')}</style>\n`)
    .join('');
  if (styles) page = insertBefore(page, 'head', styles, 'start');
  if (js !== null)
    page = insertBefore(page, 'body', `<script>${escapeInline(js, 'script')}</script>\n`, 'end');
  return page;
}
