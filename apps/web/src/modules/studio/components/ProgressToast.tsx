export interface ToastState {
  tone: 'progress' | 'success' | 'error';
  text: string;
}

/** The creation progress toast (spec 000 §5): 'Creating', then success or error. */
export function ProgressToast({ toast, onClose }: { toast: ToastState | null; onClose: () => void }) {
  return (
    <div className="studio-toast-region" role="status" aria-live="polite">
      {toast && (
        <div className={`studio-toast studio-toast-${toast.tone}`}>
          {toast.tone === 'progress' && <span className="spinner" aria-hidden="true" />}
          <span>{toast.text}</span>
          {toast.tone !== 'progress' && (
            <button type="button" className="studio-toast-close" aria-label="Dismiss" onClick={onClose}>
              ×
            </button>
          )}
        </div>
      )}
    </div>
  );
}
