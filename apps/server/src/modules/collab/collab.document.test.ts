import type { Widget } from '@coderoom/contracts';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  applyDocument,
  CODE_MAP,
  differsFrom,
  documentNameOf,
  MARKDOWN_MAP,
  parseDocumentName,
  seedDocument,
  takeSavedTexts,
} from './collab.document.js';

const markdown = (compId: string, text: string): Widget => ({
  type: 'MarkdownEditor',
  comp_id: compId,
  content: { text },
});
const columns: Widget = {
  type: 'Columns',
  comp_id: 'cols',
  content: { comps: [markdown('left', 'Left.') as never, markdown('right', 'Right.') as never] },
};

describe('document names', () => {
  it('round-trips page addresses and refuses anything else', () => {
    expect(parseDocumentName(documentNameOf({ authorId: 1, collectionId: 22, pageId: 333 }))).toEqual({
      authorId: 1,
      collectionId: 22,
      pageId: 333,
    });
    for (const name of ['page:1:2', 'page:0:1:2', 'page:1:2:3:4', 'course:1:2:3', 'page:1:2:3 ', '']) {
      expect(parseDocumentName(name)).toBeNull();
    }
  });
});

describe('the Yjs shape of a lesson', () => {
  it('seeds one text per Markdown widget, nested ones included, and applies them back', () => {
    const doc = new Y.Doc();
    const widgets = [markdown('a', 'First.'), columns];
    seedDocument(doc, widgets, false);
    const texts = doc.getMap<Y.Text>(MARKDOWN_MAP);
    expect([...texts.keys()].sort()).toEqual(['a', 'left', 'right']);
    expect(differsFrom(doc, widgets)).toBe(false);

    texts.get('right')?.insert(0, 'Edited. ');
    expect(differsFrom(doc, widgets)).toBe(true);
    const applied = applyDocument(doc, widgets);
    expect(applied[1]).toEqual({
      ...columns,
      content: { comps: [markdown('left', 'Left.'), markdown('right', 'Edited. Right.')] },
    });
  });

  it('keeps the document text unless the draft was saved elsewhere since', () => {
    const doc = new Y.Doc();
    seedDocument(doc, [markdown('a', 'Live text.')], false);
    seedDocument(doc, [markdown('a', 'Draft text.'), markdown('b', 'New widget.')], false);
    const texts = doc.getMap<Y.Text>(MARKDOWN_MAP);
    expect(texts.get('a')?.toString()).toBe('Live text.');
    expect(texts.get('b')?.toString()).toBe('New widget.');
    seedDocument(doc, [markdown('a', 'Restored text.')], true);
    expect(texts.get('a')?.toString()).toBe('Restored text.');
  });

  it("shares Code widgets' starter code the same way, leaving their other fields alone", () => {
    const code: Widget = {
      type: 'Code',
      comp_id: 'c1',
      content: {
        language: 'python3',
        code: 'print(1)',
        runnable: true,
        judge: true,
        enableStdin: false,
        allowDownload: false,
        treatOutputAsHTML: false,
        enableHiddenCode: false,
        showSolution: false,
        timeLimit: 30,
        testCases: [],
      },
    };
    const doc = new Y.Doc();
    seedDocument(doc, [code], false);
    doc.getMap<Y.Text>(CODE_MAP).get('c1')?.insert(0, '# hi\n');
    const [applied] = applyDocument(doc, [code]);
    expect(applied).toEqual({ ...code, content: { ...code.content, code: '# hi\nprint(1)' } });
  });
});

describe('a save made outside the live document', () => {
  it('replaces the texts it changed and keeps live typing in the others', () => {
    const doc = new Y.Doc();
    const before = [markdown('a', 'Alpha.'), markdown('b', 'Beta.')];
    seedDocument(doc, before, false);
    const texts = doc.getMap<Y.Text>(MARKDOWN_MAP);
    texts.get('b')?.insert(0, 'Typed live. ');
    takeSavedTexts(doc, before, [
      markdown('a', 'Restored alpha.'),
      markdown('b', 'Beta.'),
      markdown('c', 'New.'),
    ]);
    expect(texts.get('a')?.toString()).toBe('Restored alpha.');
    expect(texts.get('b')?.toString()).toBe('Typed live. Beta.');
    expect(texts.get('c')?.toString()).toBe('New.');
  });

  it('edits only the changed stretch, so a remote position before it stays valid', () => {
    const doc = new Y.Doc();
    const before = [markdown('a', 'Head. Middle. Tail.')];
    seedDocument(doc, before, false);
    const text = doc.getMap<Y.Text>(MARKDOWN_MAP).get('a') as Y.Text;
    const cursor = Y.createRelativePositionFromTypeIndex(text, 5);
    takeSavedTexts(doc, before, [markdown('a', 'Head. Center. Tail.')]);
    expect(text.toString()).toBe('Head. Center. Tail.');
    expect(Y.createAbsolutePositionFromRelativePosition(cursor, doc)?.index).toBe(5);
  });
});
