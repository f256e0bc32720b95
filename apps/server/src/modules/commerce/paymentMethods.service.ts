import { randomBytes } from 'node:crypto';
import type { AddPaymentMethodRequest, PaymentMethod, PaymentMethodsResponse } from '@coderoom/contracts';
import { ENTITLING_STATUSES, ErrorStatus } from '@coderoom/domain';
import type { PaymentMethodRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/errors.js';
import { cardErrors } from './checkout.service.js';
import { CommerceErrors } from './commerce.errors.js';
import * as repo from './commerce.repository.js';
import {
  cardBrandOf,
  cardFingerprintOf,
  digitsOf,
  type PaymentProcessorAdapter,
} from './payments.processor.js';
import { RenewalMessages } from './renewals.service.js';

// Saved cards (spec 001 §4 "Payment flow"): list (newest first; a card added again keeps its place), add
// (checked by the processor with a zero amount), select for a subscription's renewals, delete.

export const PaymentMethodMessages = {
  NotFound: 'This payment method does not exist.',
} as const;

export interface PaymentMethodsDeps {
  db: Db;
  clock: Clock;
  processor: PaymentProcessorAdapter;
  fingerprintSecret: string;
}

function present(row: PaymentMethodRow, selectedIds: Set<number>): PaymentMethod {
  return {
    id: row.id,
    source_card_type: row.brand,
    last_4: row.last4,
    masked_number: `•••• •••• •••• ${row.last4}`,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    is_selected: selectedIds.has(row.id),
    created_at: row.createdAt.toISOString(),
  };
}

const notFound = () => new AppError(ErrorStatus.NotFound, PaymentMethodMessages.NotFound);

export function createPaymentMethodsService({ db, clock, processor, fingerprintSecret }: PaymentMethodsDeps) {
  async function list(userId: number): Promise<PaymentMethodsResponse> {
    const current = await repo.findCurrentSubscriptions(db, userId, ENTITLING_STATUSES, clock.now());
    const selected = new Set(current.flatMap((row) => (row.paymentMethodId ? [row.paymentMethodId] : [])));
    return {
      payment_methods: (await repo.findPaymentMethods(db, userId)).map((row) => present(row, selected)),
    };
  }

  return {
    list,

    async add(userId: number, input: AddPaymentMethodRequest): Promise<PaymentMethodsResponse> {
      const now = clock.now();
      const errors = cardErrors(input.card, now);
      if (Object.keys(errors).length > 0) throw CommerceErrors.invalidCard(errors);
      const digits = digitsOf(input.card.number);
      const check = await processor.charge({
        paymentId: `pm_${randomBytes(8).toString('hex')}`,
        amountCents: 0,
        idempotencyKey: `pm_${randomBytes(8).toString('hex')}`,
        card: input.card,
      });
      if (check.status === 'failed') {
        throw check.retryable
          ? CommerceErrors.processorUnavailable(check.message, check.code)
          : CommerceErrors.declined(check.message, check.code);
      }
      await repo.upsertPaymentMethod(db, {
        userId,
        processor: processor.name,
        brand: cardBrandOf(digits),
        last4: digits.slice(-4),
        expMonth: input.card.exp_month,
        expYear: input.card.exp_year,
        fingerprint: cardFingerprintOf(digits, fingerprintSecret),
        processorRef:
          check.status === 'succeeded' ? (check.methodRef ?? null) : `${processor.name}_pm_${check.ref}`,
        createdAt: now,
      });
      return list(userId);
    },

    /** The card a subscription renews with. */
    async select(
      userId: number,
      subscriptionId: number,
      paymentMethodId: number,
    ): Promise<PaymentMethodsResponse> {
      const subscription = await repo.findSubscription(db, subscriptionId);
      const method = await repo.findPaymentMethod(db, paymentMethodId);
      if (!subscription || subscription.userId !== userId) {
        throw new AppError(ErrorStatus.NotFound, RenewalMessages.NotYours);
      }
      if (!method || method.userId !== userId) throw notFound();
      await repo.updateSubscription(db, subscription.id, {
        paymentMethodId: method.id,
        updatedAt: clock.now(),
      });
      return list(userId);
    },

    /** Deleted for good; a subscription that renewed with it renews with none (the web warns first). */
    async remove(userId: number, paymentMethodId: number): Promise<PaymentMethodsResponse> {
      await db.transaction(async (tx) => {
        const deleted = await repo.deletePaymentMethod(tx, userId, paymentMethodId);
        if (!deleted) throw notFound();
        await repo.clearSubscriptionsMethod(tx, deleted.id, clock.now());
      });
      return list(userId);
    },
  };
}

export type PaymentMethodsService = ReturnType<typeof createPaymentMethodsService>;
