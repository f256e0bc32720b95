import type { RunnerLimits } from './config.js';
import { invalidRequest, RunnerMessages } from './errors.js';
import type { LanguageDefinition, ProgramFiles } from './languages/language.js';
import { LANGUAGES, SOURCE_EXTENSIONS } from './languages/registry.js';
import { RESERVED_ENV } from './sandbox/layout.js';
import {
  COMPARISON_MODES,
  type ComparisonMode,
  type ExecuteRequest,
  isLanguageId,
  type JudgeRequest,
  type JudgeTestCase,
  LANGUAGE_IDS,
  type ProgramRequest,
  type RunTestsRequest,
} from './types.js';

/**
 * Request validation. The server validates shapes with its contract schemas first; this is the runner's
 * own line of defence (it is also used without the server), so every field is checked again here and
 * every failure names its field.
 */

export interface ValidProgram {
  language: LanguageDefinition;
  program: ProgramFiles;
  env: Record<string, string>;
  timeLimitSeconds: number;
  cpuSeconds: number;
  memoryMb: number;
}

/** Path segments start with a letter, digit or underscore, so `..`, hidden files and absolute paths are out. */
const FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*(\/[A-Za-z0-9_][A-Za-z0-9_.-]*){0,3}$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

export function validateFilename(field: string, value: unknown): string {
  if (typeof value !== 'string' || value.length > 128 || !FILE_NAME.test(value)) {
    throw invalidRequest(
      field,
      'File names may use letters, digits, "_", "-" and "." (not first), up to 4 folders deep, e.g. "utils/math.py".',
    );
  }
  return value;
}

function requireString(field: string, value: unknown, fallback?: string): string {
  if (value === undefined || value === null) {
    if (fallback !== undefined) return fallback;
    throw invalidRequest(field, `${field} is required.`);
  }
  if (typeof value !== 'string') throw invalidRequest(field, `${field} must be a string.`);
  return value;
}

function seconds(field: string, value: unknown, fallback: number, max: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw invalidRequest(field, `${field} must be a positive number of seconds.`);
  }
  return Math.min(value, max);
}

function hasExtension(language: LanguageDefinition, name: string): boolean {
  return SOURCE_EXTENSIONS[language.id].some((extension) => name.endsWith(extension));
}

export function validateProgram(request: ProgramRequest, limits: RunnerLimits): ValidProgram {
  if (request === null || typeof request !== 'object')
    throw invalidRequest('body', 'The request must be an object.');
  const languageId = requireString('language', request.language);
  if (!isLanguageId(languageId)) {
    throw invalidRequest('language', RunnerMessages.UnknownLanguage(languageId, LANGUAGE_IDS));
  }
  const language = LANGUAGES[languageId];

  const source = requireString('source_code', request.source_code);
  if (source.trim() === '') throw invalidRequest('source_code', RunnerMessages.EmptySource);
  const prepend = requireString('hidden_prepend_code', request.hidden_prepend_code, '');
  const append = requireString('hidden_append_code', request.hidden_append_code, '');

  const entry = validateFilename('entry_filename', request.entry_filename ?? language.defaultEntry);
  if (!hasExtension(language, entry)) {
    throw invalidRequest(
      'entry_filename',
      `A ${language.label} entry file must end with ${SOURCE_EXTENSIONS[language.id].join(' or ')}.`,
    );
  }

  // Hidden code wraps the learner's code in the entry file; line numbers in messages shift accordingly.
  const files = new Map<string, string>([[entry, [prepend, source, append].filter(Boolean).join('\n')]]);
  const additional = request.additional_files ?? [];
  if (!Array.isArray(additional))
    throw invalidRequest('additional_files', 'additional_files must be a list.');
  if (additional.length + 1 > limits.maxFiles) {
    throw invalidRequest('additional_files', `At most ${limits.maxFiles} files can be sent with a program.`);
  }
  additional.forEach((file, index) => {
    const field = `additional_files[${index}]`;
    if (file === null || typeof file !== 'object') throw invalidRequest(field, `${field} must be an object.`);
    const name = validateFilename(`${field}.filename`, file.filename);
    if (files.has(name)) throw invalidRequest(`${field}.filename`, `The file "${name}" is sent twice.`);
    files.set(name, requireString(`${field}.content`, file.content));
  });

  // "utils" as a file and "utils/x.py" cannot both exist.
  for (const name of files.keys()) {
    const parts = name.split('/');
    for (let depth = 1; depth < parts.length; depth += 1) {
      const folder = parts.slice(0, depth).join('/');
      if (files.has(folder)) {
        throw invalidRequest('additional_files', `"${folder}" is both a file and a folder.`);
      }
    }
  }

  let total = 0;
  for (const content of files.values()) total += Buffer.byteLength(content);
  if (total > limits.maxSourceBytes) {
    throw invalidRequest('source_code', `The program is larger than ${limits.maxSourceBytes} bytes.`);
  }

  const env: Record<string, string> = {};
  const requested = request.env_vars ?? {};
  if (requested === null || typeof requested !== 'object' || Array.isArray(requested)) {
    throw invalidRequest('env_vars', 'env_vars must be an object of names to values.');
  }
  for (const [name, value] of Object.entries(requested)) {
    if (!ENV_NAME.test(name) || RESERVED_ENV.test(name)) {
      throw invalidRequest('env_vars', `"${name}" cannot be used as an environment variable name.`);
    }
    if (typeof value !== 'string' || value.includes('\0') || value.length > 32 * 1024) {
      throw invalidRequest('env_vars', `The value of ${name} must be text of at most 32 KiB.`);
    }
    env[name] = value;
  }

  const timeLimitSeconds = seconds(
    'time_limit',
    request.time_limit,
    limits.defaultTimeLimitSeconds,
    limits.maxTimeLimitSeconds,
  );
  const cpuSeconds = seconds('cpu_time_limit', request.cpu_time_limit, timeLimitSeconds, timeLimitSeconds);
  let memoryMb = limits.defaultMemoryMb;
  if (request.memory_limit_mb !== undefined && request.memory_limit_mb !== null) {
    const value = request.memory_limit_mb;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 16) {
      throw invalidRequest('memory_limit_mb', 'memory_limit_mb must be a number of MiB, at least 16.');
    }
    memoryMb = Math.min(Math.floor(value), limits.maxMemoryMb);
  }

  const program = language.prepare ? language.prepare({ entry, files }) : { entry, files };
  return { language, program, env, timeLimitSeconds, cpuSeconds, memoryMb };
}

export function validateStdin(request: ExecuteRequest, limits: RunnerLimits): string {
  const stdin = requireString('stdin', request.stdin, '');
  if (Buffer.byteLength(stdin) > limits.maxStdinBytes) {
    throw invalidRequest('stdin', `Standard input is larger than ${limits.maxStdinBytes} bytes.`);
  }
  return stdin;
}

export interface ValidJudgeCase {
  index: number;
  id: string | null;
  input: string;
  expected: string;
  hidden: boolean;
  comparison: ComparisonMode;
}

function comparisonMode(field: string, value: unknown, fallback: ComparisonMode): ComparisonMode {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string' || !(COMPARISON_MODES as readonly string[]).includes(value)) {
    throw invalidRequest(field, `${field} must be one of: ${COMPARISON_MODES.join(', ')}.`);
  }
  return value as ComparisonMode;
}

export function validateJudge(
  request: JudgeRequest,
  limits: RunnerLimits,
): { cases: ValidJudgeCase[]; tolerance: number } {
  const cases = request.test_cases;
  if (!Array.isArray(cases) || cases.length === 0) {
    throw invalidRequest('test_cases', 'Add at least one test case to judge the code.');
  }
  if (cases.length > limits.maxTestCases) {
    throw invalidRequest('test_cases', `At most ${limits.maxTestCases} test cases can be judged at once.`);
  }
  const fallback = comparisonMode('comparison', request.comparison, 'trimmed');
  const tolerance = request.float_tolerance ?? 1e-6;
  if (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || tolerance < 0) {
    throw invalidRequest('float_tolerance', 'float_tolerance must be a non-negative number.');
  }
  let total = 0;
  const valid = cases.map((testCase: JudgeTestCase, index): ValidJudgeCase => {
    const field = `test_cases[${index}]`;
    if (testCase === null || typeof testCase !== 'object')
      throw invalidRequest(field, `${field} must be an object.`);
    const input = requireString(`${field}.input`, testCase.input, '');
    const expected = requireString(`${field}.expected_output`, testCase.expected_output);
    total += Buffer.byteLength(input) + Buffer.byteLength(expected);
    if (testCase.id !== undefined && typeof testCase.id !== 'string') {
      throw invalidRequest(`${field}.id`, `${field}.id must be a string.`);
    }
    return {
      index,
      id: testCase.id ?? null,
      input,
      expected,
      hidden: testCase.hidden === true,
      comparison: comparisonMode(`${field}.comparison`, testCase.comparison, fallback),
    };
  });
  if (total > limits.maxStdinBytes * 4) {
    throw invalidRequest('test_cases', 'The test cases are too large to judge at once.');
  }
  return { cases: valid, tolerance };
}

export function validateTests(
  request: RunTestsRequest,
  valid: ValidProgram,
): { testFilename: string; testCode: string } {
  const tests = valid.language.tests;
  if (!tests) {
    throw invalidRequest('language', `Unit tests are not supported for ${valid.language.label} yet.`);
  }
  const testCode = requireString('test_code', request.test_code);
  if (testCode.trim() === '') throw invalidRequest('test_code', 'The unit tests are empty.');
  const testFilename = validateFilename('test_filename', request.test_filename ?? tests.defaultFilename);
  if (!hasExtension(valid.language, testFilename)) {
    throw invalidRequest(
      'test_filename',
      `The test file must end with ${SOURCE_EXTENSIONS[valid.language.id].join(' or ')}.`,
    );
  }
  if (valid.program.files.has(testFilename)) {
    throw invalidRequest(
      'test_filename',
      `The test file "${testFilename}" has the same name as a program file.`,
    );
  }
  return { testFilename, testCode };
}
