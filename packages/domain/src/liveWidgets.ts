// Live widgets: the lesson widgets that run something while the learner reads (spec 000 §7
// "POST /api/userdata/live/interactions"; docs/reader-calls.md). The spec names the call only; the kinds
// of interaction and the limits are ours.

/** Widget types whose interactions are kept. New live widgets (WebpackBin, Terminal, VNC…) join here. */
export const LIVE_WIDGET_TYPES = ['Code', 'RunJS', 'SPA'] as const;
export type LiveWidgetType = (typeof LIVE_WIDGET_TYPES)[number];

export function isLiveWidgetType(type: string): type is LiveWidgetType {
  return (LIVE_WIDGET_TYPES as readonly string[]).includes(type);
}

/** run: ran the code or refreshed the preview; edit: changed the code; reset: back to the starter; solution: opened it. */
export const LIVE_INTERACTIONS = ['run', 'edit', 'reset', 'solution'] as const;
export type LiveInteraction = (typeof LIVE_INTERACTIONS)[number];

export const LiveInteractionLimits = {
  /** Entries in one report. */
  entriesPerRequest: 20,
  /** One entry's count: a client batches at most this many of one kind before it reports. */
  maxCount: 1000,
} as const;

export const LiveInteractionMessages = {
  NotLive: 'This widget is not a live widget.',
} as const;
