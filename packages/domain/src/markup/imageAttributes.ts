export type ImageAlign = 'left' | 'right' | 'middle';

export interface ImageAttributes {
  width?: number;
  height?: number;
  align?: ImageAlign;
  alt?: string;
}

const MAX_DIMENSION = 4000;
const ALIGNS: readonly string[] = ['left', 'right', 'middle'];

/**
 * Reads an image's attribute block, the text between `{` and `}` after `![alt](src)`:
 * `width=300 height=200 align=left alt="A cat"`. Whatever cannot be read is returned in `leftover`,
 * because an attribute the author mistyped would otherwise vanish without anyone noticing.
 */
export function parseImageAttributes(block: string): { attributes: ImageAttributes; leftover: string[] } {
  const attributes: ImageAttributes = {};
  const leftover: string[] = [];
  const pattern = /\s*([a-z]+)=(?:"([^"]*)"|([^\s"]+))|\s*(\S+)/gy;
  for (const match of block.matchAll(pattern)) {
    const [whole, key, quoted, bare, stray] = match;
    if (stray !== undefined) {
      leftover.push(stray);
      continue;
    }
    const value = quoted ?? bare ?? '';
    if ((key === 'width' || key === 'height') && /^\d+$/.test(value)) {
      const size = Number(value);
      if (size >= 1 && size <= MAX_DIMENSION) {
        attributes[key] = size;
        continue;
      }
    } else if (key === 'align' && ALIGNS.includes(value)) {
      attributes.align = value as ImageAlign;
      continue;
    } else if (key === 'alt' && quoted !== undefined) {
      attributes.alt = quoted;
      continue;
    }
    leftover.push(whole.trim());
  }
  return { attributes, leftover };
}
