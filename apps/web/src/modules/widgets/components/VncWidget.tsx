import type { WidgetOf } from '@coderoom/contracts';
import { VNC_UNAVAILABLE_REASON } from '@coderoom/domain';

/**
 * A remote desktop in a live instance. This server runs no display server in its sandboxes, so the widget
 * says so plainly instead of offering a Start that can only fail (docs/widgets.md "VNC").
 */
export function VncWidget({ widget }: { widget: WidgetOf<'VNC'> }) {
  const { content } = widget;
  return (
    <section className="card widget-card" aria-label="Remote desktop">
      {content.caption && <p className="widget-pad widget-caption small muted">{content.caption}</p>}
      <div className="widget-pad" role="status">
        <p>
          <strong>Remote desktop not available on this server</strong>
        </p>
        <p className="small muted">{VNC_UNAVAILABLE_REASON}</p>
      </div>
    </section>
  );
}
