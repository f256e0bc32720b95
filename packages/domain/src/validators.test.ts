import { describe, expect, it } from 'vitest';
import {
  email,
  integer,
  integerRange,
  lengthBetween,
  mustMatch,
  notEmail,
  notUrl,
  number,
  required,
  select,
  slug,
  url,
} from './validators.js';

describe('generic validators', () => {
  it('use the spec wording', () => {
    expect(required('Title', '')).toBe("Title can't be blank.");
    expect(lengthBetween('Title', 'ab', 3, 5)).toBe('Title field must be between 3 and 5 characters long');
    expect(lengthBetween('Title', '', 3, 5)).toBeNull();
    expect(mustMatch('Password', 'Confirm password', 'a', 'b')).toBe(
      'Password and Confirm password did not match!',
    );
    expect(url('Website', 'not a url')).toBe('Website must be a valid URL.');
    expect(url('Website', 'https://coderoom.dev/x')).toBeNull();
    expect(notUrl('Name', 'https://coderoom.dev')).toBe('Name cannot be a URL.');
    expect(email('Work email', 'nope')).toBe('Work email must be a valid email address.');
    expect(notEmail('Name', 'a@b.co')).toBe('Name cannot be an email address.');
    expect(slug('Slug', 'Bad Slug')).toBe('Slug can only contain a-z, 0-9 and -');
    expect(slug('Slug', 'good-slug-2')).toBeNull();
    expect(integer('Seats', '1.5')).toBe('Seats is not an integer.');
    expect(number('Price', 'abc')).toBe('Price must be a number.');
    expect(number('Price', '12.50')).toBeNull();
    expect(integerRange('Minute', '60', 0, 59)).toBe('Minute must be between 0 and 59');
    expect(integerRange('Minute', '59', 0, 59)).toBeNull();
    expect(select('Country', '')).toBe('Country must be selected.');
  });
});
