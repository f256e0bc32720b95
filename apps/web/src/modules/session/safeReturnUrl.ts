/** Only same-site paths are followed after login; anything else (//evil.com, https://…) is ignored. */
export function safeReturnUrl(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.startsWith('/login') || value.startsWith('/signup')) return null;
  return value;
}
