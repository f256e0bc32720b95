// Lesson text is written by authors and read by everyone, so a link may only lead to a web page,
// an e-mail address or somewhere on the platform: no javascript:, data: or other schemes.
const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/** The URL when an author's link may be followed as is, null otherwise. */
export function safeUrl(href: string, options: { allowMailto?: boolean } = {}): string | null {
  const url = href.trim();
  if (url === '' || /[\s<>"'`\\]/.test(url)) return null;
  // Control characters and encoded tricks ("jav&#x09;ascript:") never reach here as text, but a
  // scheme hidden behind percent-encoding is still a scheme: decide on what the browser will see.
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) {
    // Relative: "/path", "./x", "../x", "?q", "#anchor", "page.html". "//host" would leave the site.
    return url.startsWith('//') ? null : url;
  }
  const withColon = `${scheme}:`;
  if (!ALLOWED_SCHEMES.has(withColon)) return null;
  if (withColon === 'mailto:' && options.allowMailto === false) return null;
  return url;
}
