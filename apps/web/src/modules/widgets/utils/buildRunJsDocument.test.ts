import { describe, expect, it } from 'vitest';
import { buildRunJsDocument } from './buildRunJsDocument';

describe('buildRunJsDocument', () => {
  it('puts the css in the head, the html in the body and the script last', () => {
    const page = buildRunJsDocument({
      html: '<p id="x">Hi</p>',
      css: 'p { color: red }',
      js: 'x.textContent = 1;',
    });
    expect(page.indexOf('<style>p { color: red }</style>')).toBeLessThan(page.indexOf('<body>'));
    expect(page.indexOf('<p id="x">Hi</p>')).toBeLessThan(page.indexOf('<script>x.textContent'));
  });

  it('keeps closing tags in the code from ending its element', () => {
    const page = buildRunJsDocument({ html: '', css: '</style><b>', js: 'const s = "</script><i>";' });
    expect(page).toContain('<\\/style><b>');
    expect(page).toContain('"<\\/script><i>"');
  });
});
