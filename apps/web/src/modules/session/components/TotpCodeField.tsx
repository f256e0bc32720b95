import { TextField } from '../../../ui/TextField';

interface TotpCodeFieldProps {
  value: string;
  onChange: (code: string) => void;
  label?: string;
  autoFocus?: boolean;
}

/** The 6-digit authenticator code: digits only, filled by the OS's one-time-code autofill. */
export function TotpCodeField({
  value,
  onChange,
  label = 'Verification code',
  autoFocus,
}: TotpCodeFieldProps) {
  return (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      autoFocus={autoFocus}
    />
  );
}
