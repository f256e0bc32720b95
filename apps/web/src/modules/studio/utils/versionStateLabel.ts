import { VersionState } from '@coderoom/domain';

/** Published is the live version; every earlier one is obsolete. */
export function versionStateLabel(state: number): string {
  if (state === VersionState.Published) return 'Published';
  if (state === VersionState.Obsolete) return 'Obsolete';
  return 'Draft';
}
