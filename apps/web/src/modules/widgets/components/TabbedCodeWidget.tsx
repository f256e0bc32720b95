import type { WidgetOf } from '@coderoom/contracts';
import { useState } from 'react';
import { CodeBlock } from './CodeBlock';
import { Tabs } from './Tabs';

/** The same idea in several languages or files, one tab each, read-only. */
export function TabbedCodeWidget({ widget }: { widget: WidgetOf<'TabbedCode'> }) {
  const tabs = widget.content.tabs.map((tab, index) => ({
    id: String(index),
    title: tab.title || tab.language,
    panel: <CodeBlock code={tab.code} language={tab.language} />,
  }));
  const [selected, setSelected] = useState('0');
  return (
    <div className="card widget-card">
      <Tabs label="Code samples" tabs={tabs} selectedId={selected} onSelect={setSelected} />
    </div>
  );
}
