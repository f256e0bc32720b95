// hls.js's light build (no EME, alternate audio, subtitles or CMCD: lesson videos use none of them, and
// captions come from the widget) ships without its own types; they are the full build's.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
