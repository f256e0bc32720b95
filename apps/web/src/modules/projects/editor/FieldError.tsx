/** A server field error under its field, announced when it appears. */
export function FieldError({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="field-error" role="alert">
      {message}
    </p>
  ) : null;
}
