// The page that runs learner and author code (SPA and RunJS previews) inside a sandboxed <iframe>.
//
// Why not <iframe srcdoc>: a srcdoc document inherits the app's Content-Security-Policy, whose
// script-src 'self' blocks every inline script, so the preview would never run. This shell comes
// with its own policy instead: `sandbox allow-scripts` gives it an opaque origin even when opened
// directly in a tab (so it never runs with the app's cookies or storage), and inline scripts may run.
// The parent posts the page to show; the shell writes it into itself.

export const SPA_FRAME_PATH = '/api/spa/frame';

export const SPA_FRAME_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': [
    'sandbox allow-scripts',
    "default-src 'none'",
    "script-src 'unsafe-inline' 'unsafe-eval'",
    "style-src 'unsafe-inline' https:",
    'img-src data: blob: https:',
    'font-src data: https:',
    'media-src data: blob: https:',
    'connect-src https:',
    "frame-ancestors 'self'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; '),
  'x-frame-options': 'SAMEORIGIN',
  'cache-control': 'public, max-age=3600',
} as const;

/** Accepts one { type: 'coderoom:render', html } message from its parent and becomes that page. */
export const SPA_FRAME_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Preview</title></head><body><script>
addEventListener('message', function (event) {
  var data = event.data;
  if (event.source !== parent || !data || data.type !== 'coderoom:render' || typeof data.html !== 'string') return;
  document.open();
  document.write(data.html);
  document.close();
}, { once: true });
parent.postMessage({ type: 'coderoom:frame-ready' }, '*');
</script></body></html>
`;
