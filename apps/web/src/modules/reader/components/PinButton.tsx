import { Button } from '../../../ui/Button';
import { usePinWork } from '../api/usePinWork';

/** Save for later (the /learn/saved list), and back. */
export function PinButton({
  authorId,
  workId,
  pinned,
}: {
  authorId: number;
  workId: number;
  pinned: boolean;
}) {
  const pin = usePinWork(authorId, workId);
  return (
    <Button
      variant="secondary"
      aria-pressed={pinned}
      disabled={pin.isPending}
      onClick={() => pin.mutate(!pinned)}
    >
      {pinned ? 'Saved' : 'Save'}
    </Button>
  );
}
