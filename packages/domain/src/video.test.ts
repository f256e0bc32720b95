import { describe, expect, it } from 'vitest';
import { isWebVtt, parseWebVtt, videoExtensionOf } from './video.js';

describe('videoExtensionOf', () => {
  it('takes the video types authors record, whatever the case', () => {
    expect(videoExtensionOf('talk.MP4')).toBe('mp4');
    expect(videoExtensionOf('screen.recording.webm')).toBe('webm');
    expect(videoExtensionOf('mp4')).toBeNull();
    expect(videoExtensionOf('notes.txt')).toBeNull();
  });
});

describe('parseWebVtt', () => {
  it('reads cues with and without identifiers, hours and settings', () => {
    const vtt = [
      'WEBVTT',
      '',
      'NOTE written by hand',
      '',
      '1',
      '00:00.500 --> 00:02.000 align:start',
      'Hello,',
      'world.',
      '',
      '01:00:00.000 --> 01:00:01.250',
      'An hour in.',
      '',
      'broken --> timing',
      'skipped',
    ].join('\r\n');
    expect(parseWebVtt(vtt)).toEqual([
      { start: 0.5, end: 2, text: 'Hello,\nworld.' },
      { start: 3600, end: 3601.25, text: 'An hour in.' },
    ]);
  });

  it('needs the WEBVTT header', () => {
    expect(isWebVtt('WEBVTT - captions\n\n')).toBe(true);
    expect(isWebVtt('1\n00:00.000 --> 00:01.000\nHi')).toBe(false);
    expect(parseWebVtt('00:00.000 --> 00:01.000\nHi')).toEqual([]);
  });
});
