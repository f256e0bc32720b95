/** Near-black or white, whichever reads better on a #rrggbb background (WCAG relative luminance). */
export function readableTextOn(background: string): string {
  const channels = [1, 3, 5].map((at) => Number.parseInt(background.slice(at, at + 2), 16) / 255);
  const [r = 1, g = 1, b = 1] = channels.map((value) =>
    value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4,
  );
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast against black (L+0.05)/0.05 vs against white 1.05/(L+0.05): black wins above ~0.179.
  return luminance > 0.179 ? '#161a23' : '#ffffff';
}
