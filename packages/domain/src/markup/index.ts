export { escapeHtml } from './escapeHtml.js';
export { type RenderedMarkdown, renderMarkdown } from './renderMarkdown.js';
