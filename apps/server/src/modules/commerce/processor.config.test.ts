import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../platform/config.js';
import type { createPaypalProcessor } from './paypal.processor.js';
import { paymentProcessorFromEnv, processorNameOf } from './processor.config.js';

// Choosing the processor from the environment: the names, the old Stripe default, and missing keys.

describe('payment processor configuration', () => {
  it('uses the sandbox by default, and Stripe when only its key is set (as before PAYMENT_PROCESSOR)', () => {
    expect(processorNameOf({})).toBe('sandbox');
    expect(paymentProcessorFromEnv({})).toBeUndefined();
    expect(paymentProcessorFromEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })?.name).toBe('stripe');
    expect(
      paymentProcessorFromEnv({ PAYMENT_PROCESSOR: 'sandbox', STRIPE_SECRET_KEY: 'sk_test_x' }),
    ).toBeUndefined();
  });

  it('builds the Braintree adapter from its three keys', () => {
    const env = {
      PAYMENT_PROCESSOR: 'braintree',
      BRAINTREE_MERCHANT_ID: 'm',
      BRAINTREE_PUBLIC_KEY: 'pub',
      BRAINTREE_PRIVATE_KEY: 'priv',
    };
    expect(paymentProcessorFromEnv(env)?.name).toBe('braintree');
    expect(() => paymentProcessorFromEnv({ ...env, BRAINTREE_PRIVATE_KEY: '' })).toThrow(
      new ConfigError('BRAINTREE_PRIVATE_KEY', 'required when PAYMENT_PROCESSOR=braintree'),
    );
    expect(() => paymentProcessorFromEnv({ ...env, BRAINTREE_ENVIRONMENT: 'live' })).toThrow(ConfigError);
  });

  it('builds the PayPal adapter, with recurring on and the spec limit unless the environment says otherwise', () => {
    const env = { PAYMENT_PROCESSOR: 'paypal', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' };
    const paypal = paymentProcessorFromEnv(env) as ReturnType<typeof createPaypalProcessor>;
    expect(paypal.name).toBe('paypal');
    const plan = { planType: 'user', validityMonths: 12, priceCents: 10_000 } as const;
    expect(paypal.allowsRecurring(plan)).toBe(true);
    const off = paymentProcessorFromEnv({ ...env, PAYPAL_RECURRING: 'off' }) as typeof paypal;
    expect(off.allowsRecurring(plan)).toBe(false);
    // $100 at 200 rupees is 20000 INR: over the spec's 15000, under a raised limit.
    const dear = { ...env, PAYPAL_INR_PER_USD: '200' };
    expect((paymentProcessorFromEnv(dear) as typeof paypal).allowsRecurring(plan)).toBe(false);
    expect(
      (
        paymentProcessorFromEnv({ ...dear, PAYPAL_RECURRING_INR_LIMIT: '25000' }) as typeof paypal
      ).allowsRecurring(plan),
    ).toBe(true);
    expect(() => paymentProcessorFromEnv({ ...env, PAYPAL_CLIENT_SECRET: undefined })).toThrow(
      /PAYPAL_CLIENT_SECRET/,
    );
    expect(() => paymentProcessorFromEnv({ ...env, PAYPAL_INR_PER_USD: 'lots' })).toThrow(
      /PAYPAL_INR_PER_USD/,
    );
  });

  it('builds the Razorpay adapter from its key id and secret', () => {
    const env = { PAYMENT_PROCESSOR: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test_1', RAZORPAY_KEY_SECRET: 's' };
    expect(paymentProcessorFromEnv(env)?.name).toBe('razorpay');
    expect(() => paymentProcessorFromEnv({ ...env, RAZORPAY_KEY_SECRET: ' ' })).toThrow(
      /RAZORPAY_KEY_SECRET/,
    );
  });

  it('names an unknown processor', () => {
    expect(() => processorNameOf({ PAYMENT_PROCESSOR: 'square' })).toThrow(/PAYMENT_PROCESSOR/);
  });
});
