import type { ShotProps } from '@coderoom/contracts';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../ui/Button';
import { ApiError } from '../../api/ApiError';
import { useAnswerAction } from '../api/answersApi';

interface AnswerActionsProps {
  shotId: number;
  props: ShotProps | undefined;
  signedIn: boolean;
}

/** Like, bookmark and share. Visitors are asked to log in; the server refuses their likes (401) anyway. */
export function AnswerActions({ shotId, props, signedIn }: AnswerActionsProps) {
  const location = useLocation();
  const action = useAnswerAction(shotId);
  const [notice, setNotice] = useState('');
  const [askLogin, setAskLogin] = useState(false);
  const returnUrl = encodeURIComponent(`${location.pathname}${location.search}`);

  const run = (name: 'like' | 'unlike' | 'bookmark' | 'unbookmark') => {
    if (!signedIn) {
      setAskLogin(true);
      return;
    }
    setNotice('');
    action.mutate(name, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) setAskLogin(true);
        else setNotice(error instanceof Error ? error.message : 'That did not work. Please try again.');
      },
    });
  };
  const share = async () => {
    const url = window.location.href;
    try {
      await navigator.clipboard.writeText(url);
      setNotice('Link copied.');
    } catch {
      setNotice(`Share this link: ${url}`);
    }
    action.mutate('shares');
  };
  const liked = props?.isLikedByReader ?? false;
  const bookmarked = props?.isBookmarkedByReader ?? false;
  const likes = props?.shotLikes ?? 0;

  return (
    <div className="answer-actions">
      <Button
        variant="secondary"
        aria-pressed={liked}
        disabled={action.isPending}
        onClick={() => run(liked ? 'unlike' : 'like')}
      >
        {liked ? 'Liked' : 'Like'} · {likes}
      </Button>
      <Button
        variant="secondary"
        aria-pressed={bookmarked}
        disabled={action.isPending}
        onClick={() => run(bookmarked ? 'unbookmark' : 'bookmark')}
      >
        {bookmarked ? 'Bookmarked' : 'Bookmark'}
      </Button>
      <Button variant="secondary" onClick={share}>
        Share
      </Button>
      <p role="status" className="muted">
        {askLogin ? (
          <>
            <Link to={`/login?returnUrl=${returnUrl}`}>Log in</Link> or{' '}
            <Link to={`/signup?returnUrl=${returnUrl}`}>sign up</Link> to like and bookmark answers.
          </>
        ) : (
          notice
        )}
      </p>
    </div>
  );
}
