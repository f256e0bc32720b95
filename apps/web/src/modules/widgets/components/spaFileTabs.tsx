import type { WidgetOf } from '@coderoom/contracts';
import { CodeTextArea } from './CodeTextArea';

type SpaFiles = WidgetOf<'SPA'>['content']['files'];

const FILE_TITLES: Record<keyof SpaFiles, string> = {
  index: 'index.jsx',
  app: 'App.jsx',
  style: 'style.css',
};

/** The tabs of an SPA's three files (for `Tabs`): the SPA widget and SPA project tasks share them. */
export function spaFileTabs(files: SpaFiles, onChange: (next: SpaFiles) => void, rows: number) {
  return (Object.keys(FILE_TITLES) as Array<keyof SpaFiles>).map((file) => ({
    id: file,
    title: FILE_TITLES[file],
    panel: (
      <CodeTextArea
        value={files[file]}
        onChange={(value) => onChange({ ...files, [file]: value })}
        label={FILE_TITLES[file]}
        rows={rows}
      />
    ),
  }));
}
