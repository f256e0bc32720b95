import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/ApiError';
import { editorLoadErrorCode } from './editorLoadErrorCode';

describe('editorLoadErrorCode', () => {
  it('keeps forbidden and not found', () => {
    expect(editorLoadErrorCode(new ApiError(403, 'No'))).toBe(403);
    expect(editorLoadErrorCode(new ApiError(404, 'Gone'))).toBe(404);
  });

  it('shows anything else as a server error', () => {
    expect(editorLoadErrorCode(new ApiError(401, 'Log in'))).toBe(500);
    expect(editorLoadErrorCode(new ApiError(502, 'Bad gateway'))).toBe(500);
    expect(editorLoadErrorCode(new TypeError('Failed to fetch'))).toBe(500);
  });
});
