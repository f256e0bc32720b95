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
  'class',
  'style',
];

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

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...SHAPES, 'title', 'desc'],
  allowedAttributes: {
    '*': [...PRESENTATION, ...GEOMETRY],
    svg: ['viewBox', 'xmlns', 'preserveAspectRatio', 'role', 'aria-label', 'version'],
  },
  // SVG is XML: attribute names such as viewBox keep their case, and <path/> closes itself.
  parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
  selfClosing: SHAPES.filter((tag) => !['svg', 'g', 'text', 'tspan'].includes(tag)),
  allowedSchemes: [],
  nonTextTags: ['script', 'style', 'foreignObject', 'foreignobject', 'noscript', 'iframe', 'template'],
  disallowedTagsMode: 'discard',
  transformTags: {
    '*': (tagName, attribs) => ({
      tagName,
      attribs: Object.fromEntries(Object.entries(attribs).filter(([, value]) => !UNSAFE_VALUE.test(value))),
    }),
  },
};

/**
 * Slide drawings (CanvasAnimation frames): shapes, text and their presentation attributes only.
 * Scripts, foreignObject, links (href, xlink:href), event handlers and url() references are removed,
 * so a drawing can neither run code nor load anything.
 */
export function sanitizeSvg(svg: string): string {
  return sanitizeHtml(svg, OPTIONS);
}
