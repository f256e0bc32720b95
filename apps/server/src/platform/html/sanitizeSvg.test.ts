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

  // Issue 13: a slide drawing covered the whole app (position:fixed, z-index) and took its clicks.
  it('keeps no layout CSS: a drawing cannot lift itself out of its widget', () => {
    const out = sanitizeSvg(
      '<svg viewBox="0 0 10 10" style="position:fixed;inset:0;z-index:2147483647;width:100vw;height:100vh;fill:red" ' +
        'transform="translate(-500 -500) scale(40)" x="-9999" class="modal-backdrop">' +
        '<rect width="10" height="10" style="POSITION: fixed; top:0; left:0; stroke:blue; display:block" class="x" />' +
        '<g style="position/**/:fixed;margin:-100px;transform:scale(50);opacity:0.5">' +
        '<circle r="1" style="fill:red !important;stroke:url(#x);fill-opacity:0.5" /></g></svg>',
    );
    expect(out).toBe(
      '<svg viewBox="0 0 10 10" style="fill:red"><rect width="10" height="10" style="stroke:blue" />' +
        '<g style="opacity:0.5"><circle r="1" /></g></svg>',
    );
  });

  it('removes every hostile payload of the probe', () => {
    const payloads = [
      '<svg><script xlink:href="data:,alert(1)" /></svg>',
      '<svg onload="alert(1)" onmouseover="alert(1)"><rect width="1" height="1" /></svg>',
      '<svg><foreignObject width="100%" height="100%"><div xmlns="http://www.w3.org/1999/xhtml" style="position:fixed;inset:0">x</div></foreignObject></svg>',
      '<svg><a xlink:href="javascript:alert(1)"><text>click</text></a><a href="JAVASCRIPT:alert(1)"><rect width="1" height="1" /></a></svg>',
      '<svg><animate attributeName="href" to="javascript:alert(1)" /><set attributeName="onload" to="alert(1)" /></svg>',
      '<svg><style>svg{position:fixed;inset:0;z-index:9999}</style><rect width="1" height="1" /></svg>',
      '<svg><image href="https://evil.example/x.png" /><use href="https://evil.example/s.svg#a" /></svg>',
      '<svg><rect width="1" height="1" style="background:url(javascript:alert(1))" fill="url(https://evil.example/p)" /></svg>',
      '<svg><iframe src="javascript:alert(1)"></iframe><rect width="1" height="1" /></svg>',
    ];
    for (const payload of payloads) {
      const out = sanitizeSvg(payload);
      expect(out).not.toMatch(
        /script|onload|onmouseover|foreignObject|href|position|z-index|<style|<a\b|animate|<set|url\(|iframe|image|<use/i,
      );
    }
  });
});
