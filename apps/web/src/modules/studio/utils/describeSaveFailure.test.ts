import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/ApiError';
import { describeSaveFailure } from './describeSaveFailure';

describe('describeSaveFailure', () => {
  it('calls a 409 a conflict', () => {
    expect(describeSaveFailure(new ApiError(409, 'Conflict'), 'Not saved.')).toEqual({ isConflict: true });
  });

  it('keeps the message and field errors of any other API error', () => {
    const error = new ApiError(400, 'Check the form.', { title: 'Title is required' });
    expect(describeSaveFailure(error, 'Not saved.')).toEqual({
      isConflict: false,
      errors: { title: 'Title is required' },
      text: 'Check the form.',
    });
  });

  it('shows a plain error without field errors', () => {
    expect(describeSaveFailure(new Error('Network down'), 'Not saved.')).toEqual({
      isConflict: false,
      errors: {},
      text: 'Network down',
    });
  });

  it('falls back to the given text for something that is not an Error', () => {
    expect(describeSaveFailure('boom', 'Not saved.')).toEqual({
      isConflict: false,
      errors: {},
      text: 'Not saved.',
    });
  });
});
