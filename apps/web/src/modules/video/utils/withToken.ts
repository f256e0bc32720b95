/** A stream address with its token replaced by the current one (tokens are renewed while a video plays). */
export function withToken(url: string, token: string): string {
  const parsed = new URL(url, window.location.origin);
  if (!parsed.searchParams.has('token')) return url;
  parsed.searchParams.set('token', token);
  return parsed.toString();
}
