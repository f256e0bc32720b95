import type { WidgetKind } from '@coderoom/contracts';

/** Every widget an author can add, in toolbox order, with the name the studio shows for it. */
export const WIDGET_KINDS: ReadonlyArray<{ kind: WidgetKind; label: string }> = [
  { kind: 'MarkdownEditor', label: 'Markdown' },
  { kind: 'SlateHTML', label: 'Rich text' },
  { kind: 'Code', label: 'Code' },
  { kind: 'TabbedCode', label: 'Tabbed code' },
  { kind: 'RunJS', label: 'RunJS' },
  { kind: 'SPA', label: 'SPA' },
  { kind: 'Quiz', label: 'Quiz' },
  { kind: 'Table', label: 'Table' },
  { kind: 'CanvasAnimation', label: 'Slides' },
  { kind: 'Permutation', label: 'Permutation' },
  { kind: 'Video', label: 'Video' },
  { kind: 'WebpackBin', label: 'WebpackBin' },
  { kind: 'Terminal', label: 'Terminal' },
  { kind: 'VNC', label: 'VNC desktop' },
  { kind: 'Android', label: 'Android' },
  { kind: 'Columns', label: 'Columns' },
];
