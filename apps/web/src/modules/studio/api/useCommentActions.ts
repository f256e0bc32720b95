import { CommentResponseSchema, DeleteReplyResponseSchema, ReplyResponseSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../api/apiClient';
import { documentPaths } from './documentPaths';
import { studioKeys } from './studioKeys';

const OkSchema = z.object({ ok: z.literal(true) });

/** Every write on a document's threads; each refreshes the threads and the count badge. */
export function useCommentActions(documentKey: string) {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: studioKeys.comments(documentKey) }),
      queryClient.invalidateQueries({ queryKey: studioKeys.commentsCount(documentKey) }),
    ]);
  const create = useMutation({
    mutationFn: (text: string) =>
      apiRequest('POST', documentPaths.createComment(documentKey), CommentResponseSchema, { md_text: text }),
    onSuccess,
  });
  const edit = useMutation({
    mutationFn: ({ commentId, text }: { commentId: number; text: string }) =>
      apiRequest('PUT', documentPaths.comment(documentKey, commentId), CommentResponseSchema, {
        md_text: text,
      }),
    onSuccess,
  });
  const setResolved = useMutation({
    mutationFn: ({ commentId, isResolved }: { commentId: number; isResolved: boolean }) =>
      apiRequest(
        'POST',
        `${documentPaths.comment(documentKey, commentId)}/${isResolved ? 'resolve' : 'unresolve'}`,
        CommentResponseSchema,
      ),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (commentId: number) =>
      apiRequest('DELETE', documentPaths.comment(documentKey, commentId), OkSchema),
    onSuccess,
  });
  const reply = useMutation({
    mutationFn: ({ commentId, text }: { commentId: number; text: string }) =>
      apiRequest('POST', documentPaths.reply(documentKey, commentId), ReplyResponseSchema, { md_text: text }),
    onSuccess,
  });
  const editReply = useMutation({
    mutationFn: ({ commentId, replyId, text }: { commentId: number; replyId: number; text: string }) =>
      apiRequest('PUT', documentPaths.reply(documentKey, commentId, replyId), ReplyResponseSchema, {
        md_text: text,
      }),
    onSuccess,
  });
  const removeReply = useMutation({
    mutationFn: ({ commentId, replyId }: { commentId: number; replyId: number }) =>
      apiRequest('DELETE', documentPaths.reply(documentKey, commentId, replyId), DeleteReplyResponseSchema),
    onSuccess,
  });
  return { create, edit, setResolved, remove, reply, editReply, removeReply };
}
