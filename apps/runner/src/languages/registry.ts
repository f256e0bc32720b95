import type { LanguageId } from '../types.js';
import { cpp } from './cpp.js';
import { go } from './go.js';
import { java } from './java.js';
import { javascript } from './javascript.js';
import type { LanguageDefinition } from './language.js';
import { python } from './python.js';
import { rust } from './rust.js';
import { typescript } from './typescript.js';

export const LANGUAGES: Record<LanguageId, LanguageDefinition> = {
  python3: python,
  javascript,
  typescript,
  'c++': cpp,
  go,
  rust,
  java,
};

/** Entry and test file extensions accepted per language. */
export const SOURCE_EXTENSIONS: Record<LanguageId, string[]> = {
  python3: ['.py'],
  javascript: ['.js', '.mjs', '.cjs'],
  typescript: ['.ts', '.tsx', '.mts'],
  'c++': ['.cpp', '.cc', '.cxx'],
  go: ['.go'],
  rust: ['.rs'],
  java: ['.java'],
};

/** The Debian package that provides each toolchain, for "unavailable" messages and the install script. */
export const DEBIAN_PACKAGES: Record<LanguageId, string> = {
  python3: 'python3',
  javascript: 'nodejs',
  typescript: 'nodejs',
  'c++': 'g++',
  go: 'golang-go',
  rust: 'rustc',
  java: 'default-jdk-headless',
};
