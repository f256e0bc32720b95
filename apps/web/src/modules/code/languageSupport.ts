import { cpp } from '@codemirror/lang-cpp';
import { go } from '@codemirror/lang-go';
import { java } from '@codemirror/lang-java';
import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import { rust } from '@codemirror/lang-rust';
import type { Extension } from '@codemirror/state';
import type { LanguageId } from '@coderoom/contracts';
import { LANGUAGE_FILES } from './languageFiles';

const EXTENSIONS: Record<LanguageId, () => Extension> = {
  python3: () => python(),
  javascript: () => javascript(),
  typescript: () => javascript({ typescript: true }),
  'c++': () => cpp(),
  go: () => go(),
  rust: () => rust(),
  java: () => java(),
};

/** Editor highlighting, the file a download gets, and a starter program per language. */
export const LANGUAGE_SUPPORT: Record<
  LanguageId,
  { extension: () => Extension; fileName: string; starter: string }
> = Object.fromEntries(
  Object.entries(LANGUAGE_FILES).map(([language, files]) => [
    language,
    { ...files, extension: EXTENSIONS[language as LanguageId] },
  ]),
) as Record<LanguageId, { extension: () => Extension; fileName: string; starter: string }>;
