/** The code a learner last ran in a widget, from the lesson's saved widget data, if there is any. */
export function savedCode(
  savedData: Record<string, unknown> | undefined,
  compId: string,
): string | undefined {
  const entry = savedData?.[compId];
  if (typeof entry !== 'object' || entry === null) return undefined;
  const code = (entry as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}
