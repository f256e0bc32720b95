import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/ApiError';
import { studioKeys } from '../api/studioKeys';
import { usePublishCollection } from '../api/usePublishCollection';
import { useSubmitForReview } from '../api/useSubmitForReview';

export type EditorMessage = { tone: 'success' | 'error' | 'info'; text: string } | null;

/**
 * Submit for review and Publish, as the collection and path editors offer them: unsaved changes are saved
 * first (nothing is submitted that the author has not seen saved), and the outcome becomes the editor's
 * message.
 */
export function useReviewActions(options: {
  authorId: number;
  collectionId: number;
  isDirty: boolean;
  save: () => Promise<boolean>;
  setMessage: (message: EditorMessage) => void;
}) {
  const { isDirty, save, setMessage } = options;
  const submit = useSubmitForReview(options.authorId, options.collectionId);
  const publish = usePublishCollection(options.authorId, options.collectionId);
  const queryClient = useQueryClient();
  const failure = (fallback: string) => (error: unknown) =>
    setMessage({ tone: 'error', text: error instanceof ApiError ? error.errorText : fallback });

  const submitForReview = async () => {
    if (isDirty && !(await save())) return;
    submit.mutate(undefined, {
      onSuccess: () =>
        setMessage({ tone: 'success', text: 'Submitted for review. A reviewer will look at it soon.' }),
      onError: (error) => {
        failure('Could not submit.')(error);
        // A refusal by the quality gate: the checklist shows what to fix.
        void queryClient.invalidateQueries({
          queryKey: studioKeys.reviewChecklist(options.authorId, options.collectionId),
        });
      },
    });
  };

  const publishUpdate = async () => {
    if (isDirty && !(await save())) return;
    publish.mutate(undefined, {
      onSuccess: () => setMessage({ tone: 'success', text: 'Published. Readers now see this version.' }),
      onError: failure('Could not publish.'),
    });
  };

  return { submit, publish, submitForReview, publishUpdate };
}
