import { Component, type ReactNode } from 'react';

/** One broken widget shows a notice instead of taking the whole lesson page down. */
export class WidgetErrorBoundary extends Component<
  { type: string; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return (
        <div className="widget-unsupported" role="note">
          This {this.props.type} widget could not be shown. Reload the page to try again.
        </div>
      );
    }
    return this.props.children;
  }
}
