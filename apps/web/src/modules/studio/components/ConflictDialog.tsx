import { ErrorMessages } from '@coderoom/domain';
import { ConfirmDialog } from './ConfirmDialog';

/** Spec 000 §8: a save based on an old eTag. Save overwrites the newer content with this editor's. */
export function ConflictDialog({
  open,
  busy,
  onSave,
  onCancel,
}: {
  open: boolean;
  busy: boolean;
  onSave: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title={ErrorMessages.ConflictsTitle}
      message={ErrorMessages.ConflictsText}
      confirmLabel="Save"
      busy={busy}
      onConfirm={onSave}
      onCancel={onCancel}
    />
  );
}
