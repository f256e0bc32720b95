import { BIN_DIR, OUT_DIR } from '../sandbox/layout.js';
import { cppTests } from './cppTests.js';
import { filesWithExtension, type LanguageDefinition } from './language.js';

const GPP = '/usr/bin/g++';

export const cpp: LanguageDefinition = {
  id: 'c++',
  label: 'C++ (g++)',
  defaultEntry: 'main.cpp',
  binaries: [GPP],
  binds: () => ['/usr/include'],
  versionArgv: [GPP, '--version'],
  env: {},
  compile: {
    kind: 'sandbox',
    argv: (program) => [
      GPP,
      '-std=gnu++17',
      '-O2',
      '-pipe',
      '-fdiagnostics-color=never',
      '-o',
      `${OUT_DIR}/main`,
      ...filesWithExtension(program, ['.cpp', '.cc', '.cxx']),
    ],
  },
  run: () => [`${BIN_DIR}/main`],
  tests: cppTests,
};
