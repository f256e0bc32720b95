import fs from 'node:fs';
import type { LanguageDefinition } from './language.js';
import { DEBIAN_PACKAGES } from './registry.js';

/** Why an executable cannot be used by the sandbox's unprivileged uids, or null when it can. */
export function executableProblem(file: string): string | null {
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch {
    return 'is not installed';
  }
  const stat = fs.statSync(real);
  if (!stat.isFile()) return 'is not a file';
  // The sandbox runs as an unprivileged uid: "other" needs execute permission (pyenv/rustup under /root fail here).
  if ((stat.mode & 0o001) === 0) return 'is not executable by unprivileged users';
  return null;
}

/** The first missing or unusable toolchain binary, in words for the "unavailable" answer. */
export function missingToolchain(language: Pick<LanguageDefinition, 'id' | 'binaries'>): string | null {
  for (const binary of language.binaries) {
    const problem = executableProblem(binary);
    if (problem) return `${binary} ${problem} (install the Debian package ${DEBIAN_PACKAGES[language.id]})`;
  }
  return null;
}
