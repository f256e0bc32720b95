import type { Widget, WidgetKind } from '@coderoom/contracts';
import {
  ANDROID_DEVICES,
  CodeEvaluationDefaults,
  CodeWidgetDefaults,
  DESKTOP_IMAGES,
  RUNJS_PANES,
  SPA_OUTPUT_HEIGHT,
  TERMINAL_IMAGES,
} from '@coderoom/domain';
import { newCompId } from './newCompId';

const SPA_INDEX = `import { createRoot } from 'react-dom/client';
import App from './App';
import './style.css';

createRoot(document.getElementById('root')).render(<App />);
`;

const SPA_APP = `export default function App() {
  return <h1>Hello from React</h1>;
}
`;

const BIN_HTML = `<main>
  <h1>Hello</h1>
  <button id="greet">Greet</button>
  <p id="out"></p>
</main>
`;

const BIN_JS = `import { greeting } from './greeting';

document.getElementById('greet').addEventListener('click', () => {
  document.getElementById('out').textContent = greeting('world');
});
`;

const BIN_GREETING = `export function greeting(name) {
  return \`Hello, \${name}!\`;
}
`;

const BIN_CSS = `body { font-family: system-ui, sans-serif; }
`;

export type LeafKind = Exclude<WidgetKind, 'Columns'>;

/** A new widget that may sit in a column, with the studio's starting content. */
export function createLeafWidget(kind: LeafKind): Exclude<Widget, { type: 'Columns' }> {
  const comp_id = newCompId();
  switch (kind) {
    case 'MarkdownEditor':
      return { type: kind, comp_id, content: { text: '' } };
    case 'SlateHTML':
      return { type: kind, comp_id, content: { html: '<p></p>' } };
    case 'Code':
      return {
        type: kind,
        comp_id,
        content: {
          language: CodeWidgetDefaults.language,
          code: '',
          runnable: CodeWidgetDefaults.runnable,
          judge: CodeWidgetDefaults.judge,
          enableStdin: false,
          allowDownload: false,
          treatOutputAsHTML: false,
          enableHiddenCode: false,
          showSolution: false,
          timeLimit: CodeEvaluationDefaults.timeLimit,
          testCases: [],
        },
      };
    case 'TabbedCode':
      return {
        type: kind,
        comp_id,
        content: { tabs: [{ title: CodeEvaluationDefaults.entryFileName, language: 'python3', code: '' }] },
      };
    case 'RunJS':
      return {
        type: kind,
        comp_id,
        content: {
          html: '<p>Hello</p>',
          css: '',
          js: '',
          panes: [...RUNJS_PANES],
          lineNumbers: true,
          autoRun: false,
        },
      };
    case 'SPA':
      return {
        type: kind,
        comp_id,
        content: {
          loader: 'React',
          files: { index: SPA_INDEX, app: SPA_APP, style: '' },
          outputHeight: SPA_OUTPUT_HEIGHT,
        },
      };
    case 'CanvasAnimation':
      return { type: kind, comp_id, content: { frames: [{ caption: 'First slide' }] } };
    case 'Permutation':
      return {
        type: kind,
        comp_id,
        content: {
          prompt: 'Put these in order.',
          options: [
            { id: newCompId(), text: 'First' },
            { id: newCompId(), text: 'Second' },
          ],
        },
      };
    case 'Table':
      return {
        type: kind,
        comp_id,
        content: {
          hasHeader: true,
          rows: [
            ['Column 1', 'Column 2'],
            ['', ''],
          ],
        },
      };
    case 'Video':
      return { type: kind, comp_id, content: { video_id: null, title: '' } };
    case 'WebpackBin':
      return {
        type: kind,
        comp_id,
        content: {
          files: [
            { name: 'index.html', content: BIN_HTML },
            { name: 'index.js', content: BIN_JS },
            { name: 'greeting.js', content: BIN_GREETING },
            { name: 'style.css', content: BIN_CSS },
          ],
          outputHeight: SPA_OUTPUT_HEIGHT,
          autoRun: false,
        },
      };
    case 'Terminal':
      return { type: kind, comp_id, content: { imageName: TERMINAL_IMAGES[0].name } };
    case 'VNC':
      return {
        type: kind,
        comp_id,
        content: { imageName: DESKTOP_IMAGES[0].name, width: 1024, height: 768 },
      };
    case 'Android':
      return { type: kind, comp_id, content: { emulator: ANDROID_DEVICES[0].name } };
    case 'Quiz':
      return {
        type: kind,
        comp_id,
        content: {
          questions: [
            {
              id: newCompId(),
              text: 'Question',
              multiple: false,
              options: [
                { id: newCompId(), text: 'Right answer', correct: true },
                { id: newCompId(), text: 'Wrong answer', correct: false },
              ],
            },
          ],
        },
      };
  }
}
