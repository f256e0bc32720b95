export { type RenderedMarkdown, renderMarkdown } from './renderMarkdown.js';
