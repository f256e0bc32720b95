const COLORS = ['#d9480f', '#2b8a3e', '#1971c2', '#9c36b5', '#c2255c', '#0c8599', '#e67700', '#5f3dc4'];

/** A stable cursor colour per user, with a light tint for their selections. */
export function cursorColor(userId: number): { color: string; colorLight: string } {
  const color = COLORS[userId % COLORS.length] ?? '#1971c2';
  return { color, colorLight: `${color}33` };
}
