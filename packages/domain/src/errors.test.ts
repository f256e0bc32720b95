import { describe, expect, it } from 'vitest';
import { clientCodeFor, ErrorStatus, errorTextFrom } from './errors.js';

describe('clientCodeFor', () => {
  it('is 4000 plus the status', () => {
    expect(clientCodeFor(ErrorStatus.Unauthorized)).toBe(4401);
    expect(clientCodeFor(ErrorStatus.ExpiredToken)).toBe(4498);
    expect(clientCodeFor(ErrorStatus.VersionMismatch)).toBe(4505);
  });
});

describe('errorTextFrom', () => {
  it('prefers errorText', () => {
    expect(errorTextFrom({ errorText: 'Nope', errors: { a: 'b' } }, 400)).toBe('Nope');
  });
  it('uses only the first errors entry for a 400', () => {
    expect(errorTextFrom({ errors: { email: 'Invalid Email Address', name: 'x' } }, 400)).toBe(
      'email: Invalid Email Address',
    );
  });
  it('lists every entry as Field: message lines otherwise', () => {
    expect(errorTextFrom({ errors: { a: 'one', b: 'two' } }, 409)).toBe('a: one\nb: two');
    expect(errorTextFrom(undefined, 500)).toBe('');
  });
});
