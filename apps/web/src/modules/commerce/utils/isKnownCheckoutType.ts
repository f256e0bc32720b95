import { checkoutTypeFor } from '@coderoom/domain';

/** Whether a /checkout/{checkoutType} address names one of the spec's 19 checkout types. */
export function isKnownCheckoutType(value: string): boolean {
  try {
    checkoutTypeFor(value);
    return true;
  } catch {
    return false;
  }
}
