import { describe, expect, it } from 'vitest';
import { type DiffableWidget, diffWidgets } from './widgetDiff.js';

const md = (comp_id: string, text: string): DiffableWidget => ({
  type: 'MarkdownEditor',
  comp_id,
  content: { text, mdHtml: `<p>${text}</p>` },
});

describe('diffWidgets', () => {
  it('counts unchanged widgets and ignores rendered fields', () => {
    const before = [md('a', 'Hello'), { ...md('b', 'World'), content: { text: 'World', mdHtml: 'stale' } }];
    expect(diffWidgets(before, [md('a', 'Hello'), md('b', 'World')])).toEqual({ widgets: [], unchanged: 2 });
  });

  it('reports a changed text field with its line diff', () => {
    const result = diffWidgets([md('a', 'one\ntwo')], [md('a', 'one\nthree')]);
    expect(result.unchanged).toBe(0);
    expect(result.widgets).toHaveLength(1);
    expect(result.widgets[0]).toMatchObject({ comp_id: 'a', change: 'changed', moved: false });
    expect(result.widgets[0]?.fields).toEqual([
      {
        path: 'text',
        diff: {
          added: 1,
          removed: 1,
          lines: [
            { change: 'equal', text: 'one', old_line: 1, new_line: 1 },
            { change: 'removed', text: 'two', old_line: 2 },
            { change: 'added', text: 'three', new_line: 2 },
          ],
        },
      },
    ]);
  });

  it('lists added and removed widgets in page order with all their fields', () => {
    const code: DiffableWidget = {
      type: 'Code',
      comp_id: 'code',
      content: { language: 'python', code: 'print(1)', hidden: false },
    };
    const result = diffWidgets(
      [md('a', 'A'), md('gone', 'bye'), md('c', 'C')],
      [md('a', 'A'), md('c', 'C'), code],
    );
    expect(result.unchanged).toBe(2);
    expect(result.widgets.map((widget) => [widget.comp_id, widget.change])).toEqual([
      ['gone', 'removed'],
      ['code', 'added'],
    ]);
    expect(result.widgets[0]?.fields.map((field) => field.path)).toEqual(['text']);
    expect(result.widgets[1]?.fields.map((field) => [field.path, field.diff.lines[0]?.text])).toEqual([
      ['language', 'python'],
      ['code', 'print(1)'],
      ['hidden', 'false'],
    ]);
  });

  it('flags moved widgets and type changes', () => {
    const result = diffWidgets(
      [md('a', 'A'), md('b', 'B'), md('c', 'C')],
      [md('c', 'C'), md('a', 'A'), { type: 'SlateHTML', comp_id: 'b', content: { html: '<p>B</p>' } }],
    );
    const byId = new Map(result.widgets.map((widget) => [widget.comp_id, widget]));
    expect(byId.get('c')).toMatchObject({ change: 'changed', moved: true, fields: [] });
    expect(byId.get('b')).toMatchObject({ change: 'changed', previous_type: 'MarkdownEditor', moved: false });
    expect(byId.get('b')?.fields.map((field) => field.path)).toEqual(['html', 'text']);
    expect(result.unchanged).toBe(1);
  });

  it('looks inside Columns: nested widgets are matched by comp_id too', () => {
    const columns = (comps: DiffableWidget[]): DiffableWidget => ({
      type: 'Columns',
      comp_id: 'cols',
      content: { comps },
    });
    const result = diffWidgets(
      [columns([md('left', 'L'), md('right', 'R')])],
      [columns([md('left', 'L2'), md('right', 'R')])],
    );
    expect(result.unchanged).toBe(2);
    expect(result.widgets).toMatchObject([
      { comp_id: 'left', change: 'changed', parent_comp_id: 'cols', fields: [{ path: 'text' }] },
    ]);
    const moved = diffWidgets(
      [columns([md('left', 'L')]), md('x', 'X')],
      [columns([]), md('x', 'X'), md('left', 'L')],
    );
    expect(moved.widgets.map((widget) => [widget.comp_id, widget.moved])).toEqual([
      ['cols', false],
      ['left', true],
    ]);
  });
});

describe('diffWidgets order', () => {
  it('puts removed widgets before the ones added in their place', () => {
    const result = diffWidgets([md('a', 'A'), md('old', 'O')], [md('a', 'A'), md('new', 'N')]);
    expect(result.widgets.map((widget) => [widget.comp_id, widget.change])).toEqual([
      ['old', 'removed'],
      ['new', 'added'],
    ]);
    const middle = diffWidgets(
      [md('a', 'A'), md('x', 'X'), md('b', 'B')],
      [md('n1', '1'), md('a', 'A'), md('n2', '2'), md('b', 'B')],
    );
    expect(middle.widgets.map((widget) => [widget.comp_id, widget.change])).toEqual([
      ['n1', 'added'],
      ['x', 'removed'],
      ['n2', 'added'],
    ]);
  });
});
