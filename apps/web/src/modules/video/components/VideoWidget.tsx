import type { WidgetOf } from '@coderoom/contracts';
import { ErrorStatus } from '@coderoom/domain';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { ApiError } from '../../api/ApiError';
import { useStreamToken } from '../api/useStreamToken';
import '../video.css';
import { VideoPlayer } from './VideoPlayer';

/** A lesson's video as the reader (and the studio's preview) shows it: a token first, then the player. */
export function VideoWidget({ widget }: { widget: WidgetOf<'Video'> }) {
  const { video_id: videoId, title, caption } = widget.content;
  const token = useStreamToken(videoId);
  const name = title.trim() || 'Lesson video';

  let body: React.ReactNode;
  if (videoId === null) {
    body = <p className="video-empty muted">No video has been added yet.</p>;
  } else if (token.isPending) {
    body = (
      <p className="video-empty muted" role="status">
        Loading video…
      </p>
    );
  } else if (token.isError) {
    const error = token.error;
    const isProcessing = error instanceof ApiError && error.status === ErrorStatus.AlreadyExists;
    body = (
      <div className="video-empty stack">
        <FormMessage tone={isProcessing ? 'info' : 'error'}>
          {isProcessing
            ? 'This video is still being processed. Try again in a minute.'
            : error instanceof ApiError
              ? error.errorText
              : 'The video could not be loaded.'}
        </FormMessage>
        <Button variant="secondary" onClick={() => void token.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    body = (
      <VideoPlayer
        videoId={videoId}
        playlistUrl={token.data.playlist_url}
        token={token.data.token}
        title={name}
        captions={widget.content.captions}
      />
    );
  }

  return (
    <figure className="video-widget widget-card">
      {body}
      <figcaption className="widget-caption">
        <strong>{name}</strong>
        {caption ? ` — ${caption}` : ''}
      </figcaption>
    </figure>
  );
}
