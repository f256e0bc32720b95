/** A copy of `items` with the item at `from` moved one place up (-1) or down (+1); unchanged at the ends. */
export function moveItem<T>(items: readonly T[], from: number, direction: -1 | 1): T[] {
  const to = from + direction;
  const result = [...items];
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return result;
  [result[from], result[to]] = [result[to] as T, result[from] as T];
  return result;
}
