import { parseWebVtt } from '@coderoom/domain';
import type HlsType from 'hls.js';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { FormMessage } from '../../../ui/FormMessage';
import { withToken } from '../utils/withToken';

const SEEK_SECONDS = 5;

/**
 * An HLS player. hls.js (loaded on first use) feeds the browser's media element where Media Source
 * Extensions exist, which lets every segment request carry the newest token; browsers with native HLS
 * only (iOS Safari) play the playlist directly. Native controls, plus keys on the focused video.
 */
export function VideoPlayer({
  videoId,
  playlistUrl,
  token,
  title,
  captions,
}: {
  videoId: number;
  playlistUrl: string;
  token: string;
  title: string;
  captions?: { label: string; srclang: string; vtt: string };
}) {
  const video = useRef<HTMLVideoElement>(null);
  const tokenRef = useRef(token);
  tokenRef.current = token;
  // The first address starts playback; later tokens only change what segment requests carry.
  const firstUrl = useRef(playlistUrl);
  const [error, setError] = useState<string | null>(null);
  const helpId = useId();

  useEffect(() => {
    const element = video.current;
    if (!element || videoId <= 0) return;
    let hls: HlsType | null = null;
    let cancelled = false;
    void import('hls.js/light').then(({ default: Hls }) => {
      if (cancelled) return;
      if (Hls.isSupported()) {
        hls = new Hls({
          xhrSetup: (xhr, url) => xhr.open('GET', withToken(url, tokenRef.current), true),
        });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) setError('The video could not be loaded. Reload the lesson to try again.');
        });
        hls.loadSource(firstUrl.current);
        hls.attachMedia(element);
      } else if (element.canPlayType('application/vnd.apple.mpegurl')) {
        element.src = firstUrl.current;
      } else {
        setError('This browser cannot play streamed video.');
      }
    });
    return () => {
      cancelled = true;
      hls?.destroy();
    };
  }, [videoId]);

  // The author's WebVTT becomes a text track through the TextTrack API: a blob: <track> would need a
  // media-src exception in the CSP. The browser's CC control and the C key switch it on.
  const vtt = captions?.vtt;
  const label = captions?.label;
  const srclang = captions?.srclang;
  useEffect(() => {
    const element = video.current;
    if (!element || !vtt) return;
    const track = element.addTextTrack('captions', label || 'Captions', srclang || 'en');
    for (const cue of parseWebVtt(vtt)) track.addCue(new VTTCue(cue.start, cue.end, cue.text));
    track.mode = 'hidden';
    // Tracks added this way cannot be removed; a replaced one is switched off for good.
    return () => {
      track.mode = 'disabled';
    };
  }, [vtt, label, srclang]);

  const onKeyDown = (event: KeyboardEvent<HTMLVideoElement>) => {
    const element = event.currentTarget;
    const key = event.key.toLowerCase();
    if (key === ' ' || key === 'k') {
      if (element.paused) void element.play();
      else element.pause();
    } else if (key === 'arrowleft') {
      element.currentTime = Math.max(0, element.currentTime - SEEK_SECONDS);
    } else if (key === 'arrowright') {
      element.currentTime = Math.min(
        element.duration || Number.POSITIVE_INFINITY,
        element.currentTime + SEEK_SECONDS,
      );
    } else if (key === 'm') {
      element.muted = !element.muted;
    } else if (key === 'c') {
      const track = [...element.textTracks].find((candidate) => candidate.mode !== 'disabled');
      if (track) track.mode = track.mode === 'showing' ? 'hidden' : 'showing';
    } else {
      return;
    }
    event.preventDefault();
  };

  return (
    <div className="video-player">
      {/* biome-ignore lint/a11y/useMediaCaption: captions are added as a text track (above), not a <track> file */}
      <video
        ref={video}
        className="video-element"
        controls
        playsInline
        preload="metadata"
        aria-label={title}
        aria-describedby={helpId}
        data-video-id={videoId}
        onKeyDown={onKeyDown}
      />
      <p id={helpId} className="small muted video-keys">
        Keys: Space or K play and pause, ← and → move {SEEK_SECONDS} seconds, M mutes, C turns captions on or
        off.
      </p>
      {error && <FormMessage tone="error">{error}</FormMessage>}
    </div>
  );
}
