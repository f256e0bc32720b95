import type { Widget } from '@coderoom/contracts';
import { AndroidForm } from './AndroidForm';
import { CodeForm } from './CodeForm';
import { MarkdownForm } from './MarkdownForm';
import { PermutationForm } from './PermutationForm';
import { QuizForm } from './QuizForm';
import { RichTextForm } from './RichTextForm';
import { RunJsForm } from './RunJsForm';
import { SlidesForm } from './SlidesForm';
import { SpaForm } from './SpaForm';
import { TabbedCodeForm } from './TabbedCodeForm';
import { TableForm } from './TableForm';
import { TerminalForm } from './TerminalForm';
import { VideoForm } from './VideoForm';
import { VncForm } from './VncForm';
import { WebpackBinForm } from './WebpackBinForm';

type Leaf = Exclude<Widget, { type: 'Columns' }>;

/** The form for one widget that may sit in a column. */
export function LeafWidgetForm({ widget, onChange }: { widget: Leaf; onChange: (widget: Leaf) => void }) {
  switch (widget.type) {
    case 'MarkdownEditor':
      return <MarkdownForm widget={widget} onChange={onChange} />;
    case 'SlateHTML':
      return <RichTextForm widget={widget} onChange={onChange} />;
    case 'Code':
      return <CodeForm widget={widget} onChange={onChange} />;
    case 'TabbedCode':
      return <TabbedCodeForm widget={widget} onChange={onChange} />;
    case 'RunJS':
      return <RunJsForm widget={widget} onChange={onChange} />;
    case 'SPA':
      return <SpaForm widget={widget} onChange={onChange} />;
    case 'CanvasAnimation':
      return <SlidesForm widget={widget} onChange={onChange} />;
    case 'Permutation':
      return <PermutationForm widget={widget} onChange={onChange} />;
    case 'Table':
      return <TableForm widget={widget} onChange={onChange} />;
    case 'Quiz':
      return <QuizForm widget={widget} onChange={onChange} />;
    case 'Video':
      return <VideoForm widget={widget} onChange={onChange} />;
    case 'WebpackBin':
      return <WebpackBinForm widget={widget} onChange={onChange} />;
    case 'Terminal':
      return <TerminalForm widget={widget} onChange={onChange} />;
    case 'VNC':
      return <VncForm widget={widget} onChange={onChange} />;
    case 'Android':
      return <AndroidForm widget={widget} onChange={onChange} />;
  }
}
