import type { LiveInteractionsQuery } from '@coderoom/contracts';
import type { WidgetContext } from '../WidgetContext';

/** The live widget's address for its interaction totals: kept for signed-in learners of published lessons only. */
export function liveRefOf(context: WidgetContext, compId: string): LiveInteractionsQuery | null {
  const page = context.page;
  if (!context.isLearner || !page || page.draft) return null;
  return {
    author_id: page.author_id,
    collection_id: page.collection_id,
    page_id: page.page_id,
    comp_id: compId,
  };
}
