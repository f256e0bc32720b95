import { z } from 'zod';

// POST /api/code/execute, /api/code/judge, /api/codetest/run (spec 000 §7) and GET /api/code/languages.
// The runner checks every field again; these schemas keep malformed bodies away from it.

export const LanguageIdSchema = z.enum(['python3', 'javascript', 'typescript', 'c++', 'go', 'rust', 'java']);
export type LanguageId = z.infer<typeof LanguageIdSchema>;

const SourceFileSchema = z.strictObject({ filename: z.string().max(128), content: z.string() });

const programFields = {
  language: z.string().max(32),
  source_code: z.string(),
  entry_filename: z.string().max(128).optional(),
  additional_files: z.array(SourceFileSchema).max(50).optional(),
  hidden_prepend_code: z.string().optional(),
  hidden_append_code: z.string().optional(),
  env_vars: z.record(z.string().max(128), z.string().max(4096)).optional(),
  time_limit: z.number().positive().optional(),
  cpu_time_limit: z.number().positive().optional(),
  memory_limit_mb: z.number().int().positive().optional(),
};

export const ExecuteRequestSchema = z.strictObject({ ...programFields, stdin: z.string().optional() });
export type ExecuteRequest = z.infer<typeof ExecuteRequestSchema>;

export const ComparisonModeSchema = z.enum(['exact', 'trimmed', 'tokens', 'float']);

export const JudgeRequestSchema = z.strictObject({
  ...programFields,
  test_cases: z
    .array(
      z.strictObject({
        id: z.string().max(64).optional(),
        input: z.string(),
        expected_output: z.string(),
        hidden: z.boolean().optional(),
        comparison: ComparisonModeSchema.optional(),
      }),
    )
    .min(1)
    .max(100),
  comparison: ComparisonModeSchema.optional(),
  float_tolerance: z.number().nonnegative().optional(),
});
export type JudgeRequest = z.infer<typeof JudgeRequestSchema>;

export const RunTestsRequestSchema = z.strictObject({
  ...programFields,
  test_code: z.string(),
  test_filename: z.string().max(128).optional(),
});
export type RunTestsRequest = z.infer<typeof RunTestsRequestSchema>;

/**
 * A lesson's code widget, named instead of spelled out: the server takes the language, hidden code,
 * time limit, test cases and unit tests from the stored widget, so none of them reach the browser.
 */
export const WidgetRefSchema = z.strictObject({
  author_id: z.number().int().positive(),
  collection_id: z.number().int().positive(),
  page_id: z.number().int().positive(),
  comp_id: z.string().min(1).max(64),
  /** Authors previewing their draft; readers always get the published version. */
  draft: z.boolean().optional(),
});
export type WidgetRef = z.infer<typeof WidgetRefSchema>;

/** POST /api/code/execute, /api/code/judge or /api/codetest/run for a lesson's widget. */
export const WidgetRunRequestSchema = z.strictObject({
  widget: WidgetRefSchema,
  source_code: z.string(),
  stdin: z.string().optional(),
});
export type WidgetRunRequest = z.infer<typeof WidgetRunRequestSchema>;

export const ExecuteResponseSchema = z.object({
  status: z.enum(['ok', 'compile_error', 'runtime_error', 'time_limit', 'memory_limit', 'output_limit']),
  stdout: z.string(),
  stderr: z.string(),
  stdout_truncated: z.boolean(),
  stderr_truncated: z.boolean(),
  exit_code: z.number().nullable(),
  signal: z.string().nullable(),
  compile_output: z.string().nullable(),
  compile_time_ms: z.number().nullable(),
  compile_cached: z.boolean(),
  time_ms: z.number(),
  cpu_time_ms: z.number().nullable(),
  memory_bytes: z.number().nullable(),
  timed_out: z.boolean(),
  time_limit_kind: z.enum(['wall', 'cpu']).nullable(),
  memory_limit_exceeded: z.boolean(),
});
export type ExecuteResponse = z.infer<typeof ExecuteResponseSchema>;

export const JudgeCaseResultSchema = z.object({
  index: z.number(),
  id: z.string().nullable(),
  hidden: z.boolean(),
  verdict: z.enum(['passed', 'wrong_answer', 'runtime_error', 'time_limit', 'not_run']),
  time_ms: z.number().nullable(),
  message: z.string().optional(),
  input: z.string().optional(),
  expected_output: z.string().optional(),
  actual_output: z.string().optional(),
  actual_output_truncated: z.boolean().optional(),
  stderr: z.string().optional(),
  exit_code: z.number().nullable().optional(),
});

export const JudgeResponseSchema = z.object({
  status: z.enum(['completed', 'compile_error']),
  compile_output: z.string().nullable(),
  compile_time_ms: z.number().nullable(),
  compile_cached: z.boolean(),
  passed: z.number(),
  total: z.number(),
  all_passed: z.boolean(),
  cases: z.array(JudgeCaseResultSchema),
  time_ms: z.number(),
});
export type JudgeResponse = z.infer<typeof JudgeResponseSchema>;

export const RunTestsResponseSchema = z.object({
  status: z.enum(['completed', 'compile_error', 'error']),
  tests: z.array(
    z.object({
      name: z.string(),
      status: z.enum(['passed', 'failed', 'skipped']),
      message: z.string().nullable(),
      duration_ms: z.number().nullable(),
    }),
  ),
  passed: z.number(),
  failed: z.number(),
  total: z.number(),
  compile_output: z.string().nullable(),
  stdout: z.string(),
  stderr: z.string(),
  stdout_truncated: z.boolean(),
  stderr_truncated: z.boolean(),
  timed_out: z.boolean(),
  memory_limit_exceeded: z.boolean(),
  time_ms: z.number(),
  message: z.string().nullable(),
});
export type RunTestsResponse = z.infer<typeof RunTestsResponseSchema>;

export const LanguagesResponseSchema = z.object({
  languages: z.array(
    z.object({
      language: LanguageIdSchema,
      label: z.string(),
      available: z.boolean(),
      version: z.string().nullable(),
      reason: z.string().nullable(),
      test_framework: z.string(),
    }),
  ),
});
export type LanguagesResponse = z.infer<typeof LanguagesResponseSchema>;
