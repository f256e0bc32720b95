import { describe, expect, it } from 'vitest';
import { ESCAPE_WINDOW_MS, escapeThenTab } from './escapeThenTab';

const down = (key: string) => ({ type: 'keydown', key });

describe('escapeThenTab', () => {
  it('gives Tab to the shell, and to the browser right after Escape', () => {
    let time = 0;
    const handle = escapeThenTab(() => time);
    expect(handle(down('Tab'))).toBe(true);
    expect(handle(down('Escape'))).toBe(true);
    time += 500;
    expect(handle(down('Tab'))).toBe(false);
    // Focus has left; a later Tab (back in the terminal) is the shell's again.
    expect(handle(down('Tab'))).toBe(true);
  });

  it('lets Shift be held for Shift+Tab, and any other key cancels', () => {
    const handle = escapeThenTab(() => 0);
    handle(down('Escape'));
    handle(down('Shift'));
    expect(handle(down('Tab'))).toBe(false);

    handle(down('Escape'));
    handle(down('a'));
    expect(handle(down('Tab'))).toBe(true);
  });

  it('forgets Escape after the window', () => {
    let time = 0;
    const handle = escapeThenTab(() => time);
    handle(down('Escape'));
    time += ESCAPE_WINDOW_MS + 1;
    expect(handle(down('Tab'))).toBe(true);
  });
});
