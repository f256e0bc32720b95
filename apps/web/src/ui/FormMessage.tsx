interface FormMessageProps {
  tone: 'error' | 'success' | 'info';
  children: React.ReactNode;
}

/** A message that screen readers announce as soon as it appears. */
export function FormMessage({ tone, children }: FormMessageProps) {
  return (
    <div
      className={`form-message form-message-${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      aria-live="polite"
    >
      {children}
    </div>
  );
}
