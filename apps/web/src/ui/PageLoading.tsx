/** A spinner that screen readers announce as "Loading …". */
export function PageLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-loading" role="status">
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
