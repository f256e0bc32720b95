import type { z } from 'zod';
import { invalidInput } from './errors.js';

function labelFor(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Checks a request body against its contract schema. Shape problems (missing, wrong type, unknown
 * field) become one message per field; rules with the spec's wording run afterwards in the service.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors[[...issue.path, key].join('.')] ??= 'Unknown field.';
      continue;
    }
    const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
    const label = labelFor(String(issue.path.at(-1) ?? 'body'));
    let message: string;
    if (issue.code === 'invalid_type') {
      const given = valueAt(input, issue.path);
      message =
        given === undefined || given === null
          ? `${label} can't be blank.`
          : `${label} must be a ${issue.expected}.`;
    } else if (issue.code === 'invalid_value') {
      message = `${label} must be one of: ${issue.values.map(String).join(', ')}.`;
    } else {
      message = `${label}: ${issue.message}`;
    }
    errors[field] ??= message;
  }
  throw invalidInput(errors);
}
