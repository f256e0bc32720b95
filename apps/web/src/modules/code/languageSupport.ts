import type { Extension } from '@codemirror/state';
import type { LanguageId } from '@coderoom/contracts';

// Each language's grammar is its own chunk: a Python lesson never downloads the C++ or Rust parsers.
const LOADERS: Record<LanguageId, () => Promise<Extension>> = {
  python3: async () => (await import('@codemirror/lang-python')).python(),
  javascript: async () => (await import('@codemirror/lang-javascript')).javascript(),
  typescript: async () => (await import('@codemirror/lang-javascript')).javascript({ typescript: true }),
  'c++': async () => (await import('@codemirror/lang-cpp')).cpp(),
  go: async () => (await import('@codemirror/lang-go')).go(),
  rust: async () => (await import('@codemirror/lang-rust')).rust(),
  java: async () => (await import('@codemirror/lang-java')).java(),
};

/** The editor highlighting of a language, loaded on first use. */
export function loadLanguageExtension(language: LanguageId): Promise<Extension> {
  return LOADERS[language]();
}
