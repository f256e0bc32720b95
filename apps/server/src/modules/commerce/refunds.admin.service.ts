import type {
  AdminLedgerRow,
  AdminPayment,
  AdminPaymentDetail,
  AdminPaymentList,
  AdminRefundRequest,
  AdminRefundResponse,
} from '@coderoom/contracts';
import { PlatformAdminRole, REFUND_REQUEST_STALE_MS } from '@coderoom/domain';
import type { LedgerEntryRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/errors.js';
import type { UsersService } from '../accounts/users.service.js';
import { CommerceErrors } from './commerce.errors.js';
import { usd } from './commerce.presenter.js';
import { AdminRefundErrors } from './refunds.admin.errors.js';
import * as repo from './refunds.admin.repository.js';
import type { RefundsService } from './refunds.service.js';
import { balanceOf } from './settlement.service.js';

// The admin refund screen (docs/commerce.md "Admin refunds"): find a payment, read its ledger rows, refund
// all or part of it through the refund service (which gives the money back and ends access in the ledger's
// transaction). Each press of Refund carries a request id made by the dialog: the same request twice (a
// double click, a retried network call) is carried out once and answered with what it did.

export interface AdminRefundsDeps {
  db: Db;
  clock: Clock;
  refunds: RefundsService;
  users: Pick<UsersService, 'findById'>;
}

function presentPayment(payment: repo.PaymentWithEmail, ledger: LedgerEntryRow[]): AdminPayment {
  const balance = balanceOf(ledger);
  return {
    payment_id: payment.id,
    user_id: payment.userId,
    email: payment.email,
    item_title: payment.itemTitle,
    checkout_type: payment.checkoutType,
    status: payment.status,
    processor: payment.processor,
    amount_usd: usd(payment.amountCents),
    charged_usd: usd(balance.charged),
    refunded_usd: usd(balance.refunded),
    refundable_usd: payment.status === 'succeeded' ? usd(Math.max(0, balance.remaining)) : 0,
    card_brand: payment.cardBrand,
    last_4: payment.cardLast4,
    created_at: payment.createdAt.toISOString(),
  };
}

function presentLedgerRow(entry: LedgerEntryRow): AdminLedgerRow {
  return {
    id: entry.id,
    entry_kind: entry.entryKind as AdminLedgerRow['entry_kind'],
    amount_usd: usd(entry.amountCents),
    description: entry.description,
    reason: entry.reason,
    actor_id: entry.actorId,
    processor_ref: entry.processorRef,
    created_at: entry.createdAt.toISOString(),
  };
}

export function createAdminRefundsService({ db, clock, refunds, users }: AdminRefundsDeps) {
  // Refunds move money: the same rule as the refund service (super administrators).
  async function assertAdmin(actorId: number): Promise<void> {
    const actor = await users.findById(actorId);
    if (actor?.adminRole !== PlatformAdminRole.SuperAdmin) throw AdminRefundErrors.adminOnly();
  }

  async function detail(paymentId: string): Promise<AdminPaymentDetail> {
    const payment = await repo.findPaymentWithEmail(db, paymentId);
    if (!payment) throw CommerceErrors.paymentNotFound();
    const ledger = await repo.findLedgerOfPayments(db, [payment.id]);
    return { payment: presentPayment(payment, ledger), ledger: ledger.map(presentLedgerRow) };
  }

  return {
    async search(actorId: number, query: string): Promise<AdminPaymentList> {
      await assertAdmin(actorId);
      const found = query.includes('@')
        ? await repo.findPaymentsByEmail(db, query)
        : [await repo.findPaymentWithEmail(db, query)].filter((row) => row !== undefined);
      const ledger = await repo.findLedgerOfPayments(
        db,
        found.map((payment) => payment.id),
      );
      return {
        payments: found.map((payment) =>
          presentPayment(
            payment,
            ledger.filter((entry) => entry.paymentId === payment.id),
          ),
        ),
      };
    },

    async payment(actorId: number, paymentId: string): Promise<AdminPaymentDetail> {
      await assertAdmin(actorId);
      return detail(paymentId);
    },

    async refund(
      actorId: number,
      paymentId: string,
      input: AdminRefundRequest,
    ): Promise<AdminRefundResponse> {
      await assertAdmin(actorId);
      const now = clock.now();
      const amountCents = Math.round(input.amount_usd * 100);
      const inserted = await repo.insertRefundRequest(db, {
        requestId: input.request_id,
        paymentId,
        actorId,
        amountCents,
        reason: input.reason,
        status: 'pending',
        createdAt: now,
      });
      if (!inserted) {
        const existing = await repo.findRefundRequest(db, input.request_id);
        if (!existing || existing.paymentId !== paymentId || existing.amountCents !== amountCents) {
          throw AdminRefundErrors.requestReused();
        }
        if (existing.status === 'done') {
          return { ...(await detail(paymentId)), replayed: true, access_revoked: existing.accessRevoked };
        }
        // Pending: another press is being carried out now, unless its server stopped halfway.
        const staleBefore = new Date(now.getTime() - REFUND_REQUEST_STALE_MS);
        if (!(await repo.claimStaleRefundRequest(db, input.request_id, staleBefore, now))) {
          throw AdminRefundErrors.inProgress();
        }
      }
      try {
        const result = await refunds.refund(
          actorId,
          paymentId,
          {
            amount_usd: input.amount_usd,
            reason: input.reason,
            ...(input.revoke_access === undefined ? {} : { revoke_access: input.revoke_access }),
          },
          // One key per request and amount: a retry of this request is one refund at the processor,
          // and its ledger row (named by the processor's refund id) is written once.
          { idempotencyKey: `admin-refund-${input.request_id}-${amountCents}` },
        );
        await repo.finishRefundRequest(db, input.request_id, result.access_revoked, clock.now());
        return { ...(await detail(paymentId)), replayed: false, access_revoked: result.access_revoked };
      } catch (error) {
        // Refused (more than is left, the processor said no): nothing was refunded, the admin may try again.
        if (error instanceof AppError) await repo.deletePendingRefundRequest(db, input.request_id);
        throw error;
      }
    },
  };
}

export type AdminRefundsService = ReturnType<typeof createAdminRefundsService>;
