import { ConfigError } from '../../platform/config.js';
import { createBraintreeProcessor } from './braintree.processor.js';
import type { PaymentProcessorAdapter } from './payments.processor.js';
import { createStripeProcessor } from './stripe.processor.js';

// Which payment processor the server uses, from the environment (docs/commerce.md "Choosing a processor").
// PAYMENT_PROCESSOR names one; without it Stripe is used when STRIPE_SECRET_KEY is set, else the embedded
// sandbox. Keys live only in the server's environment: the web app never sees them. A named processor
// with a missing key stops the server at start with the variable's name.

type Env = Record<string, string | undefined>;

export const PROCESSOR_NAMES = ['sandbox', 'stripe', 'braintree'] as const;
export type ProcessorName = (typeof PROCESSOR_NAMES)[number];

function required(env: Env, name: string, processor: string): string {
  const value = env[name]?.trim();
  if (!value) throw new ConfigError(name, `required when PAYMENT_PROCESSOR=${processor}`);
  return value;
}

function environmentOf(env: Env, name: string): 'sandbox' | 'production' {
  const raw = env[name]?.trim() || 'sandbox';
  if (raw !== 'sandbox' && raw !== 'production')
    throw new ConfigError(name, `expected sandbox or production, got "${raw}"`);
  return raw;
}

export function processorNameOf(env: Env): ProcessorName {
  const raw = env.PAYMENT_PROCESSOR?.trim();
  if (!raw) return env.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox';
  if (!(PROCESSOR_NAMES as readonly string[]).includes(raw))
    throw new ConfigError('PAYMENT_PROCESSOR', `expected one of ${PROCESSOR_NAMES.join(', ')}, got "${raw}"`);
  return raw as ProcessorName;
}

/** The configured adapter; undefined means the embedded sandbox (app.ts's default). */
export function paymentProcessorFromEnv(env: Env): PaymentProcessorAdapter | undefined {
  const name = processorNameOf(env);
  switch (name) {
    case 'sandbox':
      return undefined;
    case 'stripe':
      return createStripeProcessor({ apiKey: required(env, 'STRIPE_SECRET_KEY', name) });
    case 'braintree':
      return createBraintreeProcessor({
        merchantId: required(env, 'BRAINTREE_MERCHANT_ID', name),
        publicKey: required(env, 'BRAINTREE_PUBLIC_KEY', name),
        privateKey: required(env, 'BRAINTREE_PRIVATE_KEY', name),
        environment: environmentOf(env, 'BRAINTREE_ENVIRONMENT'),
      });
  }
}
