import type { PayoutMethod } from '@coderoom/contracts';
import { PAYOUT_TOKEN_HINTS, PayoutMethodKind, PayoutMethodKindName } from '@coderoom/domain';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { TextField } from '../../../ui/TextField';
import { ApiError } from '../../api/ApiError';
import { useSavePayoutMethod } from '../api/useSavePayoutMethod';

const KINDS = Object.values(PayoutMethodKind);

/** Where the author is paid: the token their payout provider gave them (never a card or bank number). */
export function PayoutMethodForm({ current }: { current: PayoutMethod | null }) {
  const save = useSavePayoutMethod();
  const [kind, setKind] = useState<PayoutMethodKind>(current?.kind ?? PayoutMethodKind.Stripe);
  const [token, setToken] = useState('');
  const [label, setLabel] = useState(current?.label ?? '');
  const errors = save.error instanceof ApiError ? save.error.errors : {};
  return (
    <form
      className="payout-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { kind, token: token.trim(), ...(label.trim() ? { label: label.trim() } : {}) },
          { onSuccess: () => setToken('') },
        );
      }}
    >
      {current ? (
        <p>
          Paid to: <strong>{PayoutMethodKindName[current.kind]}</strong> {current.token_hint}
          {current.label ? ` (${current.label})` : ''}
        </p>
      ) : (
        <p className="muted">No payout method yet: statements are kept until you add one.</p>
      )}
      <div className="field">
        <label htmlFor="payout-kind">Payout provider</label>
        <select
          id="payout-kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as PayoutMethodKind)}
        >
          {KINDS.map((value) => (
            <option key={value} value={value}>
              {PayoutMethodKindName[value]}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Token"
        value={token}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setToken(event.target.value)}
        hint={`From your provider: ${PAYOUT_TOKEN_HINTS[kind]}. Never a card or bank account number.`}
        error={errors.token ?? null}
        required
      />
      <TextField
        label="Name (optional)"
        value={label}
        maxLength={60}
        onChange={(event) => setLabel(event.target.value)}
        error={errors.label ?? null}
      />
      {save.isError && !errors.token && !errors.label ? (
        <FormMessage tone="error">{save.error.message}</FormMessage>
      ) : null}
      {save.isSuccess ? <FormMessage tone="success">Payout method saved.</FormMessage> : null}
      <div>
        <Button type="submit" busy={save.isPending}>
          {current ? 'Replace payout method' : 'Save payout method'}
        </Button>
      </div>
    </form>
  );
}
