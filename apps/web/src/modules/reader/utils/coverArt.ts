// Cover art for items without an uploaded cover: a small scene drawn from the item itself. The language
// picks the palette, a hash of the id and title places everything else, so the same course always gets
// the same picture and two courses on one topic still look different.

export interface CoverInput {
  id: number;
  title: string;
  languageTopic: string | null;
  workType: string;
}

export interface CoverBar {
  x: number;
  y: number;
  width: number;
  colour: string;
}

export interface CoverArt {
  /** Two gradient stops, top-left to bottom-right. */
  from: string;
  to: string;
  /** Large soft shapes behind everything. */
  circles: Array<{ cx: number; cy: number; r: number; opacity: number }>;
  /** Rows of "code": rounded bars indented like a program. */
  bars: CoverBar[];
  /** The monogram in the corner ("py", "ts", "{ }"). */
  symbol: string;
  /** Background of the monogram's tile. */
  tile: string;
}

export const COVER_WIDTH = 320;
export const COVER_HEIGHT = 180;

interface Palette {
  hue: number;
  symbol: string;
}

const PALETTES: Record<string, Palette> = {
  Python: { hue: 212, symbol: 'py' },
  TypeScript: { hue: 222, symbol: 'ts' },
  JavaScript: { hue: 38, symbol: 'js' },
  'C++': { hue: 262, symbol: 'c++' },
  Rust: { hue: 18, symbol: 'rs' },
  Go: { hue: 190, symbol: 'go' },
};
const PATH_PALETTE: Palette = { hue: 158, symbol: '→' };
const OTHER_PALETTE: Palette = { hue: 236, symbol: '{ }' };

/** FNV-1a over the text: a stable 32-bit seed. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** mulberry32: a tiny deterministic generator, numbers in [0, 1). */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hsl = (hue: number, saturation: number, lightness: number) =>
  `hsl(${Math.round(((hue % 360) + 360) % 360)} ${saturation}% ${lightness}%)`;

export function coverArt(input: CoverInput): CoverArt {
  const palette =
    (input.languageTopic ? PALETTES[input.languageTopic] : undefined) ??
    (input.workType === 'path' ? PATH_PALETTE : OTHER_PALETTE);
  const random = generator(hash(`${input.id}:${input.title}`));
  // Each item shifts its topic's hue a little, so a shelf of Python courses is a family, not a row of twins.
  const hue = palette.hue + (random() - 0.5) * 28;
  const turn = random() < 0.5 ? -1 : 1;
  const circles = Array.from({ length: 3 }, () => ({
    cx: Math.round(COVER_WIDTH * (0.35 + random() * 0.75)),
    cy: Math.round(COVER_HEIGHT * (random() * 1.1 - 0.05)),
    r: Math.round(40 + random() * 80),
    opacity: Number((0.08 + random() * 0.14).toFixed(2)),
  }));
  const accents = [hsl(hue + 150 * turn, 90, 78), hsl(hue + 40 * turn, 85, 80), 'rgb(255 255 255 / 0.85)'];
  const bars: CoverBar[] = [];
  let indent = 0;
  const rows = 6;
  for (let row = 0; row < rows; row += 1) {
    // Indentation walks like a real program: in after an opening line, back out now and then.
    if (row > 0) {
      const step = random();
      if (step < 0.35 && indent < 2) indent += 1;
      else if (step > 0.75 && indent > 0) indent -= 1;
    }
    let x = 124 + indent * 16;
    const y = 34 + row * 20;
    const pieces = 1 + Math.floor(random() * 3);
    for (let piece = 0; piece < pieces && x < COVER_WIDTH - 40; piece += 1) {
      const width = Math.min(Math.round(14 + random() * 52), COVER_WIDTH - 24 - x);
      bars.push({ x, y, width, colour: accents[Math.floor(random() * accents.length)] ?? 'white' });
      x += width + 8;
    }
  }
  return {
    from: hsl(hue, 72, 30),
    to: hsl(hue + 34 * turn, 70, 44),
    circles,
    bars,
    symbol: palette.symbol,
    tile: hsl(hue, 60, 18),
  };
}
