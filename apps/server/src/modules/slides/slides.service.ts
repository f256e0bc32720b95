import type { SlidesData, SlidesDataQuery, SlidesDataRequest, Widget, WidgetRef } from '@coderoom/contracts';
import { WidgetType } from '@coderoom/domain';
import { SlidesErrors } from './slides.errors.js';

/** What the slides module needs from content (the reader's read check) and progress (widget user data). */
export interface SlidesDeps {
  widgets: { readableWidget(userId: number, ref: WidgetRef): Promise<Widget> };
  widgetData: {
    widgetData(userId: number, ref: WidgetRef): Promise<{ userdata: unknown; savedAt: string } | null>;
    saveWidgetData(userId: number, ref: WidgetRef, userdata: Record<string, unknown>): Promise<void>;
  };
}

interface StoredSlides {
  frame: number;
  frames_seen: number[];
}

/** The stored state, or the first frame with none seen; anything malformed counts as never opened. */
function storedOf(userdata: unknown): StoredSlides {
  const value = userdata as Partial<StoredSlides> | null;
  const frame = Number.isInteger(value?.frame) ? (value?.frame as number) : 0;
  const seen = Array.isArray(value?.frames_seen) ? value.frames_seen.filter(Number.isInteger) : [];
  return { frame, frames_seen: seen };
}

/**
 * The learner's state against the widget as it is now: an author may have removed frames since, so
 * indexes past the end are dropped and the current frame is kept inside the slides.
 */
function present(
  compId: string,
  frameCount: number,
  stored: StoredSlides,
  savedAt: string | null,
): SlidesData {
  const seen = [...new Set(stored.frames_seen.filter((index) => index >= 0 && index < frameCount))].sort(
    (a, b) => a - b,
  );
  return {
    comp_id: compId,
    frame: Math.min(Math.max(stored.frame, 0), frameCount - 1),
    frames_seen: seen,
    frame_count: frameCount,
    completed: seen.length === frameCount,
    updated_at: savedAt,
  };
}

export function createSlidesService(deps: SlidesDeps) {
  /** The slides widget the call names, if the caller may read its lesson (the reader's 404s otherwise). */
  async function slidesOf(userId: number, ref: WidgetRef): Promise<number> {
    const widget = await deps.widgets.readableWidget(userId, ref);
    if (widget.type !== WidgetType.Slides) throw SlidesErrors.notSlides();
    return widget.content.frames.length;
  }

  const refOf = (input: SlidesDataQuery): WidgetRef => ({
    author_id: input.author_id,
    collection_id: input.collection_id,
    page_id: input.page_id,
    comp_id: input.comp_id,
  });

  return {
    async get(userId: number, query: SlidesDataQuery): Promise<SlidesData> {
      const ref = refOf(query);
      const frameCount = await slidesOf(userId, ref);
      const saved = await deps.widgetData.widgetData(userId, ref);
      return present(ref.comp_id, frameCount, storedOf(saved?.userdata), saved?.savedAt ?? null);
    },

    /** Moves the learner to a frame; the frame they leave and the one they reach count as seen. */
    async save(userId: number, input: SlidesDataRequest): Promise<SlidesData> {
      const ref = refOf(input);
      const frameCount = await slidesOf(userId, ref);
      if (input.frame >= frameCount) throw SlidesErrors.frameOutOfRange(frameCount);
      const before = storedOf((await deps.widgetData.widgetData(userId, ref))?.userdata);
      const next: StoredSlides = {
        frame: input.frame,
        frames_seen: [...before.frames_seen, Math.min(before.frame, frameCount - 1), input.frame],
      };
      const stored = present(ref.comp_id, frameCount, next, null);
      await deps.widgetData.saveWidgetData(userId, ref, {
        frame: stored.frame,
        frames_seen: stored.frames_seen,
      });
      const saved = await deps.widgetData.widgetData(userId, ref);
      return { ...stored, updated_at: saved?.savedAt ?? null };
    },
  };
}

export type SlidesService = ReturnType<typeof createSlidesService>;
