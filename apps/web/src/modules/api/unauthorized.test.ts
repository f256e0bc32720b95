import { describe, expect, it } from 'vitest';
import { ApiError } from './ApiError';
import { shouldRedirectOnUnauthorized } from './unauthorized';

describe('shouldRedirectOnUnauthorized', () => {
  it('redirects on 401 unless ru is in the query or the call is suppressed', () => {
    expect(shouldRedirectOnUnauthorized(401, { suppress: false, search: '' })).toBe(true);
    expect(shouldRedirectOnUnauthorized(401, { suppress: false, search: '?ru=1' })).toBe(false);
    expect(shouldRedirectOnUnauthorized(401, { suppress: true, search: '' })).toBe(false);
    expect(shouldRedirectOnUnauthorized(403, { suppress: false, search: '' })).toBe(false);
  });
});

describe('ApiError.fromBody', () => {
  it('takes errorText, else the errors map, with the client code', () => {
    const error = ApiError.fromBody(409, { errorText: 'Taken', errors: { email: 'Taken' } });
    expect(error.errorText).toBe('Taken');
    expect(error.clientCode).toBe(4409);
    expect(error.errors).toEqual({ email: 'Taken' });
    expect(ApiError.fromBody(400, { errors: { email: 'Invalid Email Address', x: 'y' } }).errorText).toBe(
      'email: Invalid Email Address',
    );
    expect(ApiError.fromBody(500, 'not json').errorText).toBe('Something went wrong. Please try again.');
  });
});
