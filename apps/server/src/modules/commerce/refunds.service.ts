import type { RefundRequest, RefundResponse } from '@coderoom/contracts';
import { PlatformAdminRole } from '@coderoom/domain';
import type { Db } from '../../platform/db/database.js';
import type { UsersService } from '../accounts/users.service.js';
import { CommerceErrors } from './commerce.errors.js';
import { usd } from './commerce.presenter.js';
import * as repo from './commerce.repository.js';
import type { PaymentProcessorAdapter } from './payments.processor.js';
import { balanceOf, type SettlementService } from './settlement.service.js';

// An administrator's refund (docs/commerce.md): the processor gives the money back first (outside any
// transaction, with a key that makes a repeated request one refund), then the ledger's refund row and the
// end of access are written in one transaction. The processor's own report of the same refund (its
// webhook) names the same refund id, so it is recorded once whichever arrives first.

export interface RefundsDeps {
  db: Db;
  processor: PaymentProcessorAdapter;
  settlement: SettlementService;
  users: Pick<UsersService, 'findById'>;
}

export function createRefundsService({ db, processor, settlement, users }: RefundsDeps) {
  return {
    /** `idempotencyKey` replaces the default key (the admin screen passes one per request it made). */
    async refund(
      actorId: number,
      paymentId: string,
      input: RefundRequest,
      options: { idempotencyKey?: string } = {},
    ): Promise<RefundResponse> {
      const actor = await users.findById(actorId);
      if (actor?.adminRole !== PlatformAdminRole.SuperAdmin) throw CommerceErrors.adminOnly();
      const payment = await repo.findPayment(db, paymentId);
      if (!payment) throw CommerceErrors.paymentNotFound();
      const before = balanceOf(await repo.findLedgerOfPayment(db, payment.id));
      if (payment.status !== 'succeeded' || before.charged <= 0 || !payment.processorRef) {
        throw CommerceErrors.notRefundable();
      }
      const amountCents =
        input.amount_usd === undefined ? before.remaining : Math.round(input.amount_usd * 100);
      if (amountCents <= 0 || amountCents > before.remaining) throw CommerceErrors.refundTooLarge();
      const result = await processor.refund({
        paymentRef: payment.processorRef,
        amountCents,
        // The same request twice (a double click, a retry) is one refund at the processor.
        idempotencyKey: options.idempotencyKey ?? `refund-${payment.id}-${before.refunded}-${amountCents}`,
      });
      if (result.status === 'failed') throw CommerceErrors.refundFailed(result.message);
      const revoke = input.revoke_access === true || amountCents === before.remaining;
      await db.transaction((tx) =>
        settlement.refundIn(
          tx,
          payment.id,
          { ref: result.ref, amountCents, actorId, ...(input.reason ? { reason: input.reason } : {}) },
          { strict: true, revoke },
        ),
      );
      const after = balanceOf(await repo.findLedgerOfPayment(db, payment.id));
      return {
        payment_id: payment.id,
        refunded_usd: usd(after.refunded),
        remaining_usd: usd(after.remaining),
        access_revoked: revoke,
      };
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
