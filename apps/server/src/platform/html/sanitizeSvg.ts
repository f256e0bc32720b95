import sanitizeHtml from 'sanitize-html';

const SHAPES = [
  'svg',
  'g',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'path',
  'text',
  'tspan',
];

const PRESENTATION = [
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-miterlimit',
  'opacity',
  'transform',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'text-decoration',
  'letter-spacing',
  'visibility',
];

/**
 * The CSS properties a `style` attribute may set: the presentation attributes' own, nothing that
 * places a box (position, z-index, inset, margin, display, width…), so a drawing cannot lift itself out
 * of its widget and over the app. `class` goes entirely: it could borrow the app's own classes.
 */
const STYLE_PROPERTIES = new Set(PRESENTATION.filter((name) => name !== 'transform'));

const GEOMETRY = [
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'width',
  'height',
  'd',
  'points',
  'dx',
  'dy',
];

// url() in a value can fetch from anywhere (and, in old engines, run script); expression() is IE's
// scriptable CSS. Neither is needed to draw shapes.
const UNSAFE_VALUE = /url\s*\(|expression\s*\(|javascript:|@import/i;

/** Keeps the declarations of allowed properties with harmless values; drops the rest. */
function safeStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon < 0) return null;
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim();
      if (!STYLE_PROPERTIES.has(property) || value === '' || /[\\<>{}]|!important/i.test(value)) return null;
      if (UNSAFE_VALUE.test(value)) return null;
      return `${property}:${value}`;
    })
    .filter((declaration): declaration is string => declaration !== null)
    .join(';');
}

/** Attributes an element keeps: harmless values, a filtered style, and the root's own rules. */
function safeAttributes(tagName: string, attribs: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (UNSAFE_VALUE.test(value)) continue;
    // The outermost <svg> is a box in the page: it draws where the widget puts it, unmoved.
    if (tagName === 'svg' && (name === 'transform' || name === 'x' || name === 'y')) continue;
    if (name === 'style') {
      const style = safeStyle(value);
      if (style !== '') kept[name] = style;
      continue;
    }
    kept[name] = value;
  }
  return kept;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...SHAPES, 'title', 'desc'],
  allowedAttributes: {
    '*': [...PRESENTATION, ...GEOMETRY, 'style'],
    svg: ['viewBox', 'xmlns', 'preserveAspectRatio', 'role', 'aria-label', 'version'],
  },
  // SVG is XML: attribute names such as viewBox keep their case, and <path/> closes itself.
  parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
  selfClosing: SHAPES.filter((tag) => !['svg', 'g', 'text', 'tspan'].includes(tag)),
  allowedSchemes: [],
  nonTextTags: ['script', 'style', 'foreignObject', 'foreignobject', 'noscript', 'iframe', 'template'],
  disallowedTagsMode: 'discard',
  transformTags: {
    '*': (tagName, attribs) => ({ tagName, attribs: safeAttributes(tagName, attribs) }),
  },
};

/**
 * Slide drawings (CanvasAnimation frames): shapes, text and their presentation attributes only.
 * Scripts, foreignObject, links (href, xlink:href), event handlers and url() references are removed,
 * so a drawing can neither run code nor load anything; classes and layout CSS (position, z-index…) are
 * removed, so it cannot leave its box. The web confines every widget to its box as well (widgets.css).
 */
export function sanitizeSvg(svg: string): string {
  return sanitizeHtml(svg, OPTIONS);
}
