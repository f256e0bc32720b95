import { AllocateInstanceResponseSchema, type WidgetOf } from '@coderoom/contracts';
import { ANDROID_DEVICES, WorkType } from '@coderoom/domain';
import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { ApiError } from '../../api/ApiError';
import { apiRequest } from '../../api/apiClient';
import type { WidgetContext } from '../WidgetContext';

/**
 * An Android emulator in the lesson (docs/widgets.md "Android"). Start asks the server for one
 * (allocate-android, spec 000 §7); this server has no hardware virtualisation, so its answer is the spec's
 * allocation failed with the reason, which the widget shows as it is, plainly.
 */
export function AndroidWidget({ widget, context }: { widget: WidgetOf<'Android'>; context?: WidgetContext }) {
  const { content } = widget;
  const page = context?.page;
  const device = ANDROID_DEVICES.find((entry) => entry.name === content.emulator)?.label ?? content.emulator;
  const allocate = useMutation({
    mutationFn: () => {
      if (!page) throw new Error('The emulator starts in the lesson.');
      return apiRequest(
        'POST',
        `/api/instances/${WorkType.Course}/${page.author_id}/${page.collection_id}/allocate-android`,
        AllocateInstanceResponseSchema,
        {
          draft: page.draft === true,
          emulator: content.emulator,
          page_id: page.page_id,
          comp_id: widget.comp_id,
          comp_type: 'Android',
        },
      );
    },
  });

  const error = allocate.error;
  const reason = error instanceof ApiError ? error.errors.emulator : undefined;
  return (
    <section className="card widget-card android-widget" aria-label="Android emulator">
      {content.caption && <p className="widget-pad widget-caption small muted">{content.caption}</p>}
      <div className="widget-pad stack">
        {!page ? (
          <p className="muted small">The emulator starts in the lesson.</p>
        ) : (
          <div className="terminal-widget-start">
            <p className="small muted">An Android emulator: {device}.</p>
            <Button onClick={() => allocate.mutate()} busy={allocate.isPending}>
              ▶ Start emulator
            </Button>
          </div>
        )}
        {error && (
          <FormMessage tone="error">
            <strong>Android emulator not available on this server.</strong> {error.message}
            {reason ? ` ${reason}` : ''}
          </FormMessage>
        )}
        {allocate.isSuccess && (
          <FormMessage tone="info">The emulator was allocated, but this page cannot show it yet.</FormMessage>
        )}
      </div>
    </section>
  );
}
