/** A widget this version of the app does not know (newer content) or cannot show. */
export function UnsupportedWidget({ type }: { type: string }) {
  return (
    <div className="widget-unsupported" role="note">
      This lesson uses a widget this app cannot show (type {type}).
    </div>
  );
}
