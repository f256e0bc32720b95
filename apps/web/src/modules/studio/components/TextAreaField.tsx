import { type TextareaHTMLAttributes, useId } from 'react';

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  hint?: string;
  /** Monospace, no spell-check: for code. */
  code?: boolean;
}

/** A labelled multi-line input, styled like TextField. */
export function TextAreaField({ label, hint, code = false, id, className, ...rest }: TextAreaFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className="field studio-textarea">
      <label htmlFor={inputId}>{label}</label>
      <textarea
        id={inputId}
        className={`${code ? 'studio-code' : ''}${className ? ` ${className}` : ''}`}
        spellCheck={code ? false : undefined}
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        {...rest}
      />
      {hint && (
        <p className="field-hint" id={`${inputId}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
