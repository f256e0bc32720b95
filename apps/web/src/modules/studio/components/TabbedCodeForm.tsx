import type { WidgetOf } from '@coderoom/contracts';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { LanguageSelect } from './LanguageSelect';
import { TextAreaField } from './TextAreaField';

type TabbedCode = WidgetOf<'TabbedCode'>;
type Tab = TabbedCode['content']['tabs'][number];
const MAX_TABS = 10;

export function TabbedCodeForm({
  widget,
  onChange,
}: {
  widget: TabbedCode;
  onChange: (widget: TabbedCode) => void;
}) {
  const { tabs } = widget.content;
  const setTabs = (next: Tab[]) => onChange({ ...widget, content: { tabs: next } });
  const setTab = (index: number, patch: Partial<Tab>) =>
    setTabs(tabs.map((tab, at) => (at === index ? { ...tab, ...patch } : tab)));
  return (
    <div className="stack studio-form">
      {tabs.map((tab, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: tabs have no id; order is their identity
        <fieldset className="studio-fieldset" key={index}>
          <legend>Tab {index + 1}</legend>
          <div className="studio-grid-2">
            <TextField
              label="Tab title"
              value={tab.title}
              maxLength={100}
              onChange={(event) => setTab(index, { title: event.target.value })}
            />
            <LanguageSelect value={tab.language} onChange={(language) => setTab(index, { language })} />
          </div>
          <TextAreaField
            label="Code"
            code
            rows={5}
            value={tab.code}
            onChange={(event) => setTab(index, { code: event.target.value })}
          />
          <Button
            variant="ghost"
            disabled={tabs.length <= 1}
            onClick={() => setTabs(tabs.filter((_, at) => at !== index))}
          >
            Remove tab
          </Button>
        </fieldset>
      ))}
      <Button
        variant="secondary"
        disabled={tabs.length >= MAX_TABS}
        onClick={() => setTabs([...tabs, { title: `Tab ${tabs.length + 1}`, language: 'python3', code: '' }])}
      >
        Add tab
      </Button>
    </div>
  );
}
