import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';

/**
 * The code editors' light and dark looks. Every colour reaches at least 4.5:1 (WCAG 1.4.3) against the
 * editor's background, its active line and its gutter — CodeMirror's default style (strings #e40 on
 * white: 3.84:1) and One Dark (gutter, comments, red, purple) did not. docs/accessibility.md lists the
 * ratios.
 */
const PALETTES = {
  light: {
    background: '#ffffff',
    activeLine: '#eef3fb',
    gutter: '#f5f6f9',
    selection: '#cfdcf5',
    cursor: '#161a23',
    text: '#161a23',
    keyword: '#7a1fa2',
    string: '#0f7335',
    number: '#9a4400',
    comment: '#5b6478',
    function: '#1f58b8',
    type: '#865400',
    property: '#0b6678',
    invalid: '#b3261e',
    operator: '#3a4150',
    tag: '#a3155d',
    muted: '#5b6478',
  },
  dark: {
    background: '#141925',
    activeLine: '#1d2434',
    gutter: '#10141e',
    selection: '#2f3b5a',
    cursor: '#e6e9f2',
    text: '#e6e9f2',
    keyword: '#c9a7ff',
    string: '#a5e3a0',
    number: '#f5b97a',
    comment: '#9aa3b8',
    function: '#8cbcff',
    type: '#f0d37a',
    property: '#8fd3e8',
    invalid: '#ff9aa5',
    operator: '#c5cad8',
    tag: '#ff9ccf',
    muted: '#9aa3b8',
  },
} as const;

type Palette = (typeof PALETTES)[keyof typeof PALETTES];

function highlightStyle(colors: Palette): HighlightStyle {
  return HighlightStyle.define([
    {
      tag: [tags.keyword, tags.controlKeyword, tags.moduleKeyword, tags.definitionKeyword],
      color: colors.keyword,
    },
    { tag: [tags.string, tags.special(tags.string), tags.character, tags.docString], color: colors.string },
    { tag: [tags.regexp, tags.escape], color: colors.invalid },
    { tag: [tags.number, tags.bool, tags.null, tags.atom, tags.unit], color: colors.number },
    {
      tag: [tags.comment, tags.lineComment, tags.blockComment, tags.docComment],
      color: colors.comment,
      fontStyle: 'italic',
    },
    {
      tag: [
        tags.function(tags.variableName),
        tags.function(tags.propertyName),
        tags.definition(tags.function(tags.variableName)),
      ],
      color: colors.function,
    },
    { tag: [tags.definition(tags.variableName), tags.macroName], color: colors.function },
    {
      tag: [tags.typeName, tags.className, tags.namespace, tags.standard(tags.typeName)],
      color: colors.type,
    },
    { tag: [tags.propertyName, tags.attributeName, tags.labelName], color: colors.property },
    { tag: [tags.tagName, tags.angleBracket], color: colors.tag },
    { tag: [tags.operator, tags.punctuation, tags.bracket], color: colors.operator },
    { tag: [tags.meta, tags.processingInstruction], color: colors.muted },
    { tag: [tags.link, tags.url], color: colors.function, textDecoration: 'underline' },
    { tag: tags.heading, fontWeight: 'bold', color: colors.keyword },
    { tag: tags.emphasis, fontStyle: 'italic' },
    { tag: tags.strong, fontWeight: 'bold' },
    { tag: tags.strikethrough, textDecoration: 'line-through' },
    { tag: tags.invalid, color: colors.invalid },
  ]);
}

function editorLook(colors: Palette, dark: boolean): Extension {
  return [
    EditorView.theme(
      {
        '&': { color: colors.text, backgroundColor: colors.background },
        '.cm-content': { caretColor: colors.cursor },
        '.cm-cursor, .cm-dropCursor': { borderLeftColor: colors.cursor },
        '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
          { backgroundColor: colors.selection },
        '.cm-activeLine': { backgroundColor: colors.activeLine },
        '.cm-gutters': {
          backgroundColor: colors.gutter,
          color: colors.muted,
          borderRight: `1px solid ${colors.activeLine}`,
        },
        '.cm-activeLineGutter': { backgroundColor: colors.activeLine, color: colors.text },
        '.cm-placeholder': { color: colors.muted },
        '&.cm-focused .cm-matchingBracket': {
          backgroundColor: colors.selection,
          outline: `1px solid ${colors.muted}`,
        },
      },
      { dark },
    ),
    syntaxHighlighting(highlightStyle(colors)),
  ];
}

const LIGHT = editorLook(PALETTES.light, false);
const DARK = editorLook(PALETTES.dark, true);

/** The editor's colours and syntax highlighting for the page's applied theme. */
export function codeEditorTheme(isDark: boolean): Extension {
  return isDark ? DARK : LIGHT;
}
