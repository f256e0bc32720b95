// Lesson videos (spec 000 §7 "Video"). The spec names the calls and the upload states but no limits;
// these are ours (docs/media.md "Video"): one lesson video is a recorded explanation, not a film.

export const VideoLimits = {
  /** 2 GiB: an hour of 1080p screen recording fits with room to spare. */
  maxBytes: 2 * 1024 * 1024 * 1024,
  /** Two hours. The worker checks the real duration (ffprobe) too, with a little slack for rounding. */
  maxDurationSeconds: 2 * 60 * 60,
  /** The file types the studio offers; ffmpeg reads far more, but these are what authors record. */
  extensions: ['mp4', 'm4v', 'mov', 'webm', 'mkv'] as const,
  /** The browser sends the file in pieces of this size, so an interrupted upload loses at most one. */
  chunkBytes: 8 * 1024 * 1024,
} as const;

/** What the studio shows for the size limit. */
export const VIDEO_SIZE_LIMIT_TEXT = '2 GB';

/** The file name's extension if it is a video type we take, lower-cased; null otherwise. */
export function videoExtensionOf(fileName: string): (typeof VideoLimits.extensions)[number] | null {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  return (VideoLimits.extensions as readonly string[]).includes(extension) && fileName.includes('.')
    ? (extension as (typeof VideoLimits.extensions)[number])
    : null;
}

export interface CaptionCue {
  /** Seconds. */
  start: number;
  end: number;
  text: string;
}

const TIMING = /^((?:\d+:)?\d{1,2}:\d{2}\.\d{3})\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}\.\d{3})/;

function secondsOf(timestamp: string): number {
  return timestamp.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

/** Whether a text is a WebVTT file (its first line), as authors paste them into the Video widget. */
export function isWebVtt(text: string): boolean {
  return /^\uFEFF?WEBVTT(?:[ \t].*)?(?:\r?\n|$)/.test(text);
}

/**
 * The cues of a WebVTT text: each block's timing line and the text lines under it. Settings after the
 * timing, NOTE/STYLE/REGION blocks and cue identifiers are ignored; a block without a valid timing is skipped.
 */
export function parseWebVtt(text: string): CaptionCue[] {
  if (!isWebVtt(text)) return [];
  const cues: CaptionCue[] = [];
  for (const block of text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .slice(1)) {
    const lines = block.split('\n').filter((line) => line !== '');
    const timingAt = lines.findIndex((line) => TIMING.test(line));
    if (timingAt < 0 || timingAt > 1) continue;
    const match = TIMING.exec(lines[timingAt] ?? '');
    if (!match?.[1] || !match[2]) continue;
    const start = secondsOf(match[1]);
    const end = secondsOf(match[2]);
    const cueText = lines.slice(timingAt + 1).join('\n');
    if (end > start && cueText) cues.push({ start, end, text: cueText });
  }
  return cues;
}
