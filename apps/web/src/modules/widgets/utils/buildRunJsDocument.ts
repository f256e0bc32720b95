/** Keeps author text from closing its element early (a `</script>` inside a JS string, say). */
function escapeInline(text: string, tag: 'script' | 'style'): string {
  return text.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1');
}

// Errors would otherwise only reach the frame's console, which learners do not look at.
const SHOW_ERRORS = `<script>window.addEventListener('error',function(e){var p=document.createElement('pre');p.style.cssText='color:#b3261e;background:#fdecee;padding:8px;white-space:pre-wrap;font:13px monospace';p.textContent=String(e.message);document.body.appendChild(p);});</script>`;

/** The page a RunJS widget shows: its HTML, with its CSS in the head and its script at the end. */
export function buildRunJsDocument(files: { html: string; css: string; js: string }): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    SHOW_ERRORS,
    `<style>${escapeInline(files.css, 'style')}</style>`,
    '</head><body>',
    files.html,
    `<script>${escapeInline(files.js, 'script')}</script>`,
    '</body></html>',
  ].join('\n');
}
