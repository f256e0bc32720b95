import { ErrorMessages } from '@coderoom/domain';
import type { Blocker } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog';

/** Asks before a blocked navigation discards unsaved edits. */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave this page?"
      message={ErrorMessages.UnsavedChanges}
      confirmLabel="Leave"
      cancelLabel="Stay"
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
