import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../platform/config.js';
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

  it('names an unknown processor', () => {
    expect(() => processorNameOf({ PAYMENT_PROCESSOR: 'square' })).toThrow(/PAYMENT_PROCESSOR/);
  });
});
