import { PAYPAL_INR_UPPER_LIMIT } from '@coderoom/domain';
import { ConfigError } from '../../platform/config.js';
import { createBraintreeProcessor } from './braintree.processor.js';
import type { PaymentProcessorAdapter } from './payments.processor.js';
import { createPaypalProcessor } from './paypal.processor.js';
import { createRazorpayProcessor } from './razorpay.processor.js';
import { createStripeProcessor } from './stripe.processor.js';

// Which payment processor the server uses, from the environment (docs/commerce.md "Choosing a processor").
// PAYMENT_PROCESSOR names one; without it Stripe is used when STRIPE_SECRET_KEY is set, else the embedded
// sandbox. Keys live only in the server's environment: the web app never sees them. A named processor
// with a missing key stops the server at start with the variable's name.

type Env = Record<string, string | undefined>;

export const PROCESSOR_NAMES = ['sandbox', 'stripe', 'braintree', 'razorpay', 'paypal'] as const;
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

function positiveNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new ConfigError(name, `expected a positive number, got "${raw}"`);
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `expected one of 1/0/true/false/yes/no/on/off, got "${raw}"`);
}

/** Rupees per US dollar when PAYPAL_INR_PER_USD is not set (docs/commerce.md: set it to today's rate). */
export const DEFAULT_INR_PER_USD = 85;

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
    case 'razorpay':
      return createRazorpayProcessor({
        keyId: required(env, 'RAZORPAY_KEY_ID', name),
        keySecret: required(env, 'RAZORPAY_KEY_SECRET', name),
      });
    case 'paypal':
      return createPaypalProcessor({
        clientId: required(env, 'PAYPAL_CLIENT_ID', name),
        clientSecret: required(env, 'PAYPAL_CLIENT_SECRET', name),
        environment: environmentOf(env, 'PAYPAL_ENVIRONMENT'),
        recurringEnabled: flag(env, 'PAYPAL_RECURRING', true),
        inrPerUsd: positiveNumber(env, 'PAYPAL_INR_PER_USD', DEFAULT_INR_PER_USD),
        recurringInrLimit: positiveNumber(env, 'PAYPAL_RECURRING_INR_LIMIT', PAYPAL_INR_UPPER_LIMIT),
      });
  }
}
