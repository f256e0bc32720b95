import {
  ANDROID_DEVICES,
  CodeWidgetDefaults,
  DESKTOP_IMAGES,
  isValidDockerImageName,
  isWebVtt,
  TableLimits,
  TERMINAL_IMAGES,
  TutorLimits,
  WebpackBinLimits,
} from '@coderoom/domain';
import { z } from 'zod';
import { ComparisonModeSchema, LanguageIdSchema } from './execution.js';

// A page body is a list of widgets ("components", spec 000 §3), each with a comp_id unique in its page.
// These schemas are the stored shape (what the studio saves and the package importer writes).
// Readers get the same shape minus protected fields (hidden test data, unit tests); see
// `ReaderWidgetSchema` in reader.ts.

const compId = z.string().min(1).max(64);
const text = (max: number) => z.string().max(max);

/** Markdown with the platform's content markup (docs/content-format.md). mdHtml is rendered on save. */
export const MarkdownWidgetSchema = z.strictObject({
  type: z.literal('MarkdownEditor'),
  comp_id: compId,
  content: z.strictObject({ text: text(100_000), mdHtml: text(400_000).optional() }),
});

/** Rich text as HTML; sanitised on the server before it is stored. */
export const RichTextWidgetSchema = z.strictObject({
  type: z.literal('SlateHTML'),
  comp_id: compId,
  content: z.strictObject({ html: text(200_000) }),
});

export const TestCaseSchema = z.strictObject({
  input: text(100_000),
  output: text(100_000),
  hidden: z.boolean().default(false),
  comparison: ComparisonModeSchema.optional(),
});
export type TestCase = z.infer<typeof TestCaseSchema>;

/**
 * The runner's widget. What a new widget leaves out takes the spec's "Code widget defaults" (000 §3):
 * language c++, not runnable, not judged; the time limit is the evaluation default (30 s).
 */
export const CodeWidgetContentSchema = z.strictObject({
  language: LanguageIdSchema.default(CodeWidgetDefaults.language),
  /** The starter code the learner sees. */
  code: text(100_000).default(''),
  caption: text(500).optional(),
  entryFileName: text(128).optional(),
  additionalFiles: z
    .array(z.strictObject({ filename: text(128), content: text(100_000) }))
    .max(20)
    .optional(),
  runnable: z.boolean().default(CodeWidgetDefaults.runnable),
  judge: z.boolean().default(CodeWidgetDefaults.judge),
  enableStdin: z.boolean().default(false),
  allowDownload: z.boolean().default(false),
  treatOutputAsHTML: z.boolean().default(false),
  enableHiddenCode: z.boolean().default(false),
  hiddenPrependCode: text(100_000).optional(),
  hiddenAppendCode: text(100_000).optional(),
  showSolution: z.boolean().default(false),
  solution: text(100_000).optional(),
  /** Seconds. */
  timeLimit: z.number().positive().max(60).default(30),
  testCases: z.array(TestCaseSchema).max(100).default([]),
  /** Author-written unit tests run with the language's test facility (POST /api/codetest/run). */
  unitTests: z.strictObject({ code: text(100_000), filename: text(128).optional() }).optional(),
  /** The tutor's ladder, nudge first (docs/ai.md "Tutor"); readers get them one at a time, never all. */
  hints: z.array(text(TutorLimits.hintCharacters)).max(TutorLimits.hintsPerExercise).optional(),
});
export type CodeWidgetContent = z.infer<typeof CodeWidgetContentSchema>;

export const CodeWidgetSchema = z.strictObject({
  type: z.literal('Code'),
  comp_id: compId,
  content: CodeWidgetContentSchema,
});

export const TabbedCodeWidgetSchema = z.strictObject({
  type: z.literal('TabbedCode'),
  comp_id: compId,
  content: z.strictObject({
    tabs: z
      .array(z.strictObject({ title: text(100), language: LanguageIdSchema, code: text(100_000) }))
      .min(1)
      .max(10),
  }),
});

/** html/css/js panes and a result pane in a sandboxed iframe (spec 000 §3 "RunJS default template"). */
export const RunJsWidgetSchema = z.strictObject({
  type: z.literal('RunJS'),
  comp_id: compId,
  content: z.strictObject({
    html: text(100_000),
    css: text(100_000),
    js: text(100_000),
    panes: z.array(z.enum(['result', 'html', 'css', 'js'])).default(['result', 'html', 'css', 'js']),
    lineNumbers: z.boolean().default(true),
    autoRun: z.boolean().default(false),
    exercise: text(5_000).optional(),
    solution: z.strictObject({ html: text(100_000), css: text(100_000), js: text(100_000) }).optional(),
  }),
});

/** A React app of index/app/style files, built on the server and previewed in a sandboxed iframe. */
export const SpaWidgetSchema = z.strictObject({
  type: z.literal('SPA'),
  comp_id: compId,
  content: z.strictObject({
    loader: z.literal('React').default('React'),
    files: z.strictObject({ index: text(100_000), app: text(100_000), style: text(100_000) }),
    outputHeight: z.number().int().min(100).max(2000).default(300),
  }),
});

/** Slides: the reader steps through frames. */
export const SlidesWidgetSchema = z.strictObject({
  type: z.literal('CanvasAnimation'),
  comp_id: compId,
  content: z.strictObject({
    frames: z
      .array(
        z.strictObject({
          caption: text(2_000),
          /** Sanitised SVG drawn for this frame; optional when the caption says it all. */
          svg: text(100_000).optional(),
        }),
      )
      .min(1)
      .max(100),
  }),
});

/** Put the options in the right order. */
export const PermutationWidgetSchema = z.strictObject({
  type: z.literal('Permutation'),
  comp_id: compId,
  content: z.strictObject({
    prompt: text(2_000),
    /** Listed in the correct order; the reader shuffles them. */
    options: z
      .array(z.strictObject({ id: text(64), text: text(1_000), image_id: text(200).optional() }))
      .min(2)
      .max(12),
  }),
});

export const TableWidgetSchema = z.strictObject({
  type: z.literal('Table'),
  comp_id: compId,
  content: z.strictObject({
    hasHeader: z.boolean().default(true),
    rows: z
      .array(z.array(text(2_000)).min(TableLimits.minColumns).max(TableLimits.maxColumns))
      .min(TableLimits.minRows)
      .max(TableLimits.maxRows)
      .refine(
        (rows) => rows.every((row) => row.length === rows[0]?.length),
        'Every row needs the same columns.',
      ),
  }),
});

export const QuizQuestionSchema = z.strictObject({
  id: text(64),
  text: text(5_000),
  multiple: z.boolean().default(false),
  options: z
    .array(
      z.strictObject({
        id: text(64),
        text: text(2_000),
        correct: z.boolean(),
        explanation: text(5_000).optional(),
      }),
    )
    .min(2)
    .max(10),
});

export const QuizWidgetSchema = z.strictObject({
  type: z.literal('Quiz'),
  comp_id: compId,
  content: z.strictObject({
    title: text(200).optional(),
    questions: z.array(QuizQuestionSchema).min(1).max(30),
  }),
});

/**
 * A lesson video (docs/media.md): an upload of this lesson, transcoded to HLS and streamed with a
 * short-lived token. The title is the player's accessible name; video_id is null until a file is chosen.
 */
export const VideoWidgetSchema = z.strictObject({
  type: z.literal('Video'),
  comp_id: compId,
  content: z.strictObject({
    video_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
    title: text(200),
    caption: text(500).optional(),
    /** One captions track, as WebVTT text the author pastes (the player adds its cues as a text track). */
    captions: z
      .strictObject({
        label: text(100),
        srclang: z
          .string()
          .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Use a language code such as en or pt-BR.'),
        vtt: text(200_000).refine(isWebVtt, 'Captions must be WebVTT text starting with WEBVTT.'),
      })
      .optional(),
  }),
});

/**
 * A multi-file front-end sandbox (spec 000 §3 "WebpackBin"): index.html plus scripts and stylesheets, built
 * on the server (esbuild: JSX and TypeScript, imports between the files, React) and shown in a sandboxed
 * frame with an opaque origin (docs/widgets.md).
 */
export const WebpackBinFileSchema = z.strictObject({
  name: z
    .string()
    .regex(WebpackBinLimits.fileName, 'Use a file name like app.js, App.jsx, util.ts or style.css.'),
  content: text(WebpackBinLimits.fileCharacters),
});
export type WebpackBinFile = z.infer<typeof WebpackBinFileSchema>;

export const WebpackBinWidgetSchema = z.strictObject({
  type: z.literal('WebpackBin'),
  comp_id: compId,
  content: z.strictObject({
    files: z
      .array(WebpackBinFileSchema)
      .min(1)
      .max(WebpackBinLimits.files)
      .refine((files) => files.some((file) => file.name === 'index.html'), 'Add an index.html file.')
      .refine(
        (files) => new Set(files.map((file) => file.name.toLowerCase())).size === files.length,
        'Two files share a name.',
      ),
    caption: text(500).optional(),
    outputHeight: z.number().int().min(100).max(2000).default(300),
    autoRun: z.boolean().default(false),
  }),
});

/** A shell in a live instance inside the lesson (docs/widgets.md); at most one per page. */
export const TerminalWidgetSchema = z.strictObject({
  type: z.literal('Terminal'),
  comp_id: compId,
  content: z.strictObject({
    /** A live-instance profile, named like a Docker image (three slash-separated parts). */
    imageName: text(200)
      .default(TERMINAL_IMAGES[0].name)
      .refine(isValidDockerImageName, 'Docker image name is invalid'),
    caption: text(500).optional(),
  }),
});

/** A remote desktop in a live instance, shown with noVNC (docs/widgets.md "VNC"). */
export const VncWidgetSchema = z.strictObject({
  type: z.literal('VNC'),
  comp_id: compId,
  content: z.strictObject({
    /** A desktop profile (`DESKTOP_IMAGES`); older widgets may name another, which has no desktop. */
    imageName: text(200)
      .default(DESKTOP_IMAGES[0].name)
      .refine(isValidDockerImageName, 'Docker image name is invalid'),
    caption: text(500).optional(),
    /** The desktop's size in pixels. */
    width: z.number().int().min(320).max(1920).default(1024),
    height: z.number().int().min(240).max(1200).default(768),
  }),
});

/**
 * An Android emulator in the lesson (spec 000 §3 widget types; started with allocate-android, §7). No
 * emulator can run on our hosts, so learners are told so (docs/widgets.md "Android").
 */
export const AndroidWidgetSchema = z.strictObject({
  type: z.literal('Android'),
  comp_id: compId,
  content: z.strictObject({
    /** A device of `ANDROID_DEVICES`; older or imported widgets may name another (at most 64 characters). */
    emulator: text(64).default(ANDROID_DEVICES[0].name),
    caption: text(500).optional(),
  }),
});

/** Widgets that may sit inside a column. */
const LEAF_WIDGETS = [
  MarkdownWidgetSchema,
  RichTextWidgetSchema,
  CodeWidgetSchema,
  TabbedCodeWidgetSchema,
  RunJsWidgetSchema,
  SpaWidgetSchema,
  SlidesWidgetSchema,
  PermutationWidgetSchema,
  TableWidgetSchema,
  QuizWidgetSchema,
  VideoWidgetSchema,
  WebpackBinWidgetSchema,
  TerminalWidgetSchema,
  VncWidgetSchema,
  AndroidWidgetSchema,
] as const;
const LeafWidgetSchema = z.discriminatedUnion('type', LEAF_WIDGETS);

export const ColumnsWidgetSchema = z.strictObject({
  type: z.literal('Columns'),
  comp_id: compId,
  content: z.strictObject({ comps: z.array(LeafWidgetSchema).min(2).max(3) }),
});

export const WidgetSchema = z.discriminatedUnion('type', [...LEAF_WIDGETS, ColumnsWidgetSchema]);
export type Widget = z.infer<typeof WidgetSchema>;
export type WidgetKind = Widget['type'];
export type WidgetOf<K extends WidgetKind> = Extract<Widget, { type: K }>;

export const PageComponentsSchema = z.array(WidgetSchema).max(200);
