import { CheckoutType, MAX_SEATS_PER_PURCHASE, MIN_SEATS_PER_PURCHASE } from '@coderoom/domain';
import { TextField } from '../../../ui/TextField';

export interface OrderDetails {
  giftEmail: string;
  /** The logged-out enterprise purchase: the buyer's work e-mail and name (their account). */
  email: string;
  fullName: string;
  companyName: string;
  seats: number;
}

interface OrderDetailsFieldsProps {
  checkoutType: string;
  details: OrderDetails;
  onChange: (details: OrderDetails) => void;
  /** Field errors the server answered (gift_email, company_name, seats). */
  errors: Record<string, string>;
}

/** What a gift, a seat purchase or an enterprise purchase asks for beyond the card (docs/commerce.md). */
export function OrderDetailsFields({ checkoutType, details, onChange, errors }: OrderDetailsFieldsProps) {
  const isGift = checkoutType === CheckoutType.Gift;
  const isLoggedOut = checkoutType === CheckoutType.LoggedOutEnterprisePurchase;
  const isEnterprise = checkoutType === CheckoutType.EnterpriseBuy || isLoggedOut;
  const isSeats = checkoutType === CheckoutType.EnterpriseSeats;
  if (!isGift && !isEnterprise && !isSeats) return null;
  return (
    <div className="order-details">
      {isGift ? (
        <TextField
          label="Receiver’s e-mail address"
          type="email"
          autoComplete="off"
          hint="We e-mail the gift code there. Their plan starts when they redeem it."
          value={details.giftEmail}
          onChange={(event) => onChange({ ...details, giftEmail: event.target.value })}
          error={errors.gift_email}
          required
        />
      ) : null}
      {isLoggedOut ? (
        <>
          <TextField
            label="Work e-mail"
            type="email"
            autoComplete="email"
            hint="Your account: we e-mail you a link to set its password."
            value={details.email}
            onChange={(event) => onChange({ ...details, email: event.target.value })}
            error={errors.email}
            required
          />
          <TextField
            label="Your name"
            autoComplete="name"
            value={details.fullName}
            onChange={(event) => onChange({ ...details, fullName: event.target.value })}
            error={errors.full_name}
            required
          />
        </>
      ) : null}
      {isEnterprise ? (
        <TextField
          label="Company name"
          autoComplete="organization"
          value={details.companyName}
          onChange={(event) => onChange({ ...details, companyName: event.target.value })}
          error={errors.company_name}
          required
        />
      ) : null}
      {isEnterprise || isSeats ? (
        <TextField
          label={isSeats ? 'Seats to add' : 'Seats'}
          type="number"
          inputMode="numeric"
          min={MIN_SEATS_PER_PURCHASE}
          max={MAX_SEATS_PER_PURCHASE}
          value={String(details.seats)}
          onChange={(event) => onChange({ ...details, seats: Number(event.target.value) })}
          error={errors.seats}
          required
        />
      ) : null}
    </div>
  );
}
