/** A return address inside the app (a path, never another site), or the fallback. */
export function safeReturnUrl(value: string | null, fallback = '/learn/home'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  return value;
}
