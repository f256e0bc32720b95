import { ContentMessages } from '@coderoom/domain';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../studio/components/ConfirmDialog';
import { useResetProject } from '../api/useResetProject';

/** Reset, after the spec's confirmation ('Are you sure you want to reset this project?'). */
export function ResetProjectButton({
  authorId,
  collectionId,
  projectId,
  onReset,
}: {
  authorId: number;
  collectionId: number;
  projectId: number;
  onReset?: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const reset = useResetProject();
  return (
    <>
      <Button variant="ghost" onClick={() => setAsking(true)}>
        Reset project
      </Button>
      <ConfirmDialog
        open={asking}
        title="Reset project"
        message={ContentMessages.ResetProjectConfirm}
        confirmLabel="Reset"
        danger
        busy={reset.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          reset.mutate(
            { authorId, collectionId, projectId },
            {
              onSuccess: () => {
                setAsking(false);
                onReset?.();
              },
            },
          )
        }
      />
    </>
  );
}
