import type { ReaderWidget } from '@coderoom/contracts';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { WidgetView } from '../modules/widgets/components/WidgetView';

const SPA_INDEX = `import { createRoot } from 'react-dom/client';
import App from './App';
import './style.css';

createRoot(document.getElementById('root')).render(<App />);
`;

const SPA_APP = `import { useState } from 'react';

export default function App() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>Counter</h1>
      <button onClick={() => setCount(count + 1)}>Pressed {count} times</button>
    </main>
  );
}
`;

const SLIDE_SVG = (highlight: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 260 60" width="260" height="60">${[3, 8, 1, 5]
    .map(
      (value, index) =>
        `<rect x="${10 + index * 60}" y="10" width="50" height="40" rx="6" fill="${index === highlight ? '#c7d2fe' : '#f1f3f8'}" stroke="#4f46e5" stroke-width="2"/><text x="${35 + index * 60}" y="36" text-anchor="middle" font-size="16" fill="#161a23">${value}</text>`,
    )
    .join('')}</svg>`;

/** One of every widget with sample content (spec 000 §3), for checking looks in both themes. */
const SAMPLES: ReaderWidget[] = [
  {
    type: 'MarkdownEditor',
    comp_id: 'gallery-markdown',
    content: {
      text: [
        '## Markdown and the content markup {#markup}',
        '',
        'A {{keyword:closure|A function together with the variables it captured}} is a {{concept:Functions|function}} that remembers. HTML stays text: <b>not bold</b>.',
        '',
        '{{color:blue|Blue}}, {{color:green|green}}, {{color:purple|purple}}, {{color:purple-gradient|purple gradient}} and {{color:red-gradient|red gradient}}.<br>A line break, a [redirect link](->https://developer.mozilla.org) and a placeholder: {{learner_name}}.',
        '',
        '> Quotes, `code`, and **CSS** are here too.',
        '',
        '```python',
        'def greet(name):',
        '    return f"Hello, {name}!"',
        '```',
        '',
        '*[CSS]: Cascading Style Sheets',
      ].join('\n'),
    },
  },
  {
    type: 'SlateHTML',
    comp_id: 'gallery-rich-text',
    content: {
      html: '<h3>Rich text</h3><p>Already sanitised on the server: <strong>bold</strong>, <em>italic</em>, <a href="https://example.com">a link</a>.</p><ul><li>One</li><li>Two</li></ul>',
    },
  },
  {
    type: 'Code',
    comp_id: 'gallery-code',
    content: {
      language: 'python3',
      caption: 'Square a number read from input.',
      code: 'n = int(input())\n# print n squared\n',
      runnable: true,
      judge: true,
      enableStdin: true,
      allowDownload: true,
      treatOutputAsHTML: false,
      enableHiddenCode: false,
      showSolution: true,
      solution: 'n = int(input())\nprint(n * n)\n',
      timeLimit: 10,
      testCases: [{ input: '3\n', output: '9\n', hidden: false }, { hidden: true }],
      hasUnitTests: false,
      hintCount: 0,
    },
  },
  {
    type: 'TabbedCode',
    comp_id: 'gallery-tabbed-code',
    content: {
      tabs: [
        { title: 'Python', language: 'python3', code: 'print("Hello")\n' },
        { title: 'JavaScript', language: 'javascript', code: 'console.log("Hello");\n' },
        {
          title: 'Go',
          language: 'go',
          code: 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("Hello")\n}\n',
        },
      ],
    },
  },
  {
    type: 'RunJS',
    comp_id: 'gallery-runjs',
    content: {
      html: '<button id="go">Click me</button>\n<p id="out"></p>\n',
      css: 'body { font-family: sans-serif; }\n#out { color: #4f46e5; }\n',
      js: "document.getElementById('go').addEventListener('click', () => {\n  document.getElementById('out').textContent = 'Clicked!';\n});\n",
      panes: ['result', 'html', 'css', 'js'],
      lineNumbers: true,
      autoRun: true,
      exercise: 'Make the button say **how many times** it was clicked.',
      solution: {
        html: '<button id="go">Click me</button>\n<p id="out"></p>\n',
        css: 'body { font-family: sans-serif; }\n',
        js: "let n = 0;\ndocument.getElementById('go').addEventListener('click', () => {\n  n += 1;\n  document.getElementById('out').textContent = 'Clicked ' + n + ' times';\n});\n",
      },
    },
  },
  {
    type: 'SPA',
    comp_id: 'gallery-spa',
    content: {
      loader: 'React',
      files: {
        index: SPA_INDEX,
        app: SPA_APP,
        style: 'body { font-family: sans-serif; }\nbutton { padding: 8px 12px; }\n',
      },
      outputHeight: 300,
    },
  },
  {
    type: 'CanvasAnimation',
    comp_id: 'gallery-slides',
    content: {
      frames: [
        { caption: 'Linear search starts at the **first** element.', svg: SLIDE_SVG(0) },
        { caption: 'It moves right, one element at a time.', svg: SLIDE_SVG(1) },
        { caption: 'Found: `1` is at index 2.', svg: SLIDE_SVG(2) },
        { caption: 'A frame with a caption only.' },
      ],
    },
  },
  {
    type: 'Permutation',
    comp_id: 'gallery-permutation',
    content: {
      prompt: 'Put the steps of compiling a C++ program in order.',
      options: [
        { id: 'pre', text: 'Preprocess' },
        { id: 'compile', text: 'Compile' },
        { id: 'assemble', text: 'Assemble' },
        { id: 'link', text: 'Link' },
      ],
    },
  },
  {
    type: 'Table',
    comp_id: 'gallery-table',
    content: {
      hasHeader: true,
      rows: [
        ['Operation', 'List', 'Set'],
        ['Membership', 'O(n)', 'O(1)'],
        ['Ordered', 'Yes', 'No'],
      ],
    },
  },
  {
    type: 'Quiz',
    comp_id: 'gallery-quiz',
    content: {
      title: 'Check your understanding',
      questions: [
        {
          id: 'q1',
          text: 'Which keyword defines a function in Python?',
          multiple: false,
          options: [
            { id: 'a', text: '`def`', correct: true, explanation: '`def` starts a function definition.' },
            { id: 'b', text: '`func`', correct: false, explanation: '`func` is Go.' },
          ],
        },
        {
          id: 'q2',
          text: 'Which of these are mutable?',
          multiple: true,
          options: [
            { id: 'a', text: 'list', correct: true },
            { id: 'b', text: 'tuple', correct: false, explanation: 'Tuples cannot change after creation.' },
            { id: 'c', text: 'dict', correct: true },
          ],
        },
      ],
    },
  },
  {
    type: 'Columns',
    comp_id: 'gallery-columns',
    content: {
      comps: [
        {
          type: 'MarkdownEditor',
          comp_id: 'gallery-col-a',
          content: { text: '### Left\n\nColumns stack on narrow screens.' },
        },
        {
          type: 'Table',
          comp_id: 'gallery-col-b',
          content: { hasHeader: false, rows: [['Right', 'column']] },
        },
      ],
    },
  },
  { type: 'Hologram', comp_id: 'gallery-unsupported', content: {}, unsupported: true },
];

/** A development page showing every lesson widget (/dev/widgets). */
export function WidgetGalleryPage() {
  usePageTitle('Widget gallery');
  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>Widget gallery</h1>
        <p className="muted">
          Every lesson widget with sample content. Running code needs a signed-in account.
        </p>
      </header>
      {SAMPLES.map((widget) => (
        <section key={widget.comp_id} aria-labelledby={`${widget.comp_id}-label`}>
          <h2 id={`${widget.comp_id}-label`} className="small muted">
            {widget.type}
          </h2>
          <WidgetView widget={widget} />
        </section>
      ))}
    </main>
  );
}
