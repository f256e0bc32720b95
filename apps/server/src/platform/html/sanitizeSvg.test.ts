import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './sanitizeSvg.js';

describe('sanitizeSvg', () => {
  it('keeps shapes, text and presentation attributes, with their case', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50"><title>Array</title><desc>Three cells</desc>' +
      '<g transform="translate(5 5)"><rect x="0" y="0" width="20" height="20" fill="#eef" stroke="#333" stroke-width="2" />' +
      '<circle cx="40" cy="10" r="8" /><ellipse cx="60" cy="10" rx="8" ry="4" /><line x1="0" y1="30" x2="90" y2="30" />' +
      '<polyline points="0,40 10,45" /><polygon points="0,0 5,5 0,5" /><path d="M0 0L10 10" style="stroke:blue" />' +
      '<text x="5" y="15" font-size="10" text-anchor="middle">a<tspan dx="2">b</tspan></text></g></svg>';
    expect(sanitizeSvg(svg)).toBe(svg);
  });

  it('removes scripts, foreignObject and event handlers', () => {
    const out = sanitizeSvg(
      '<svg onload="alert(1)"><script>alert(1)</script><foreignObject><p>html</p></foreignObject>' +
        '<rect width="1" height="1" onclick="alert(1)" /></svg>',
    );
    expect(out).toBe('<svg><rect width="1" height="1" /></svg>');
  });

  it('removes links and anything that could load from elsewhere', () => {
    const out = sanitizeSvg(
      '<svg><a href="javascript:alert(1)"><rect width="1" height="1" /></a><use href="#x" /><image href="https://evil.dev/x.png" />' +
        '<text xlink:href="https://evil.dev">t</text><rect width="2" height="2" fill="url(https://evil.dev/#g)" style="fill: url(x)" /></svg>',
    );
    expect(out).toBe('<svg><rect width="1" height="1" /><text>t</text><rect width="2" height="2" /></svg>');
  });
});
