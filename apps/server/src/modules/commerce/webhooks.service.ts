import type { WebhookAck } from '@coderoom/contracts';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import * as repo from './commerce.repository.js';
import type { SettlementService } from './settlement.service.js';

// Webhooks (docs/commerce.md): a processor's report of what happened to a payment, verified by its
// adapter (signature and age) and applied here. The event id is stored in the transaction that applies the
// event, so a replay or a second delivery is acknowledged and changes nothing, and an event whose
// application failed is applied when the processor delivers it again.

/** A verified processor event, in our terms. `paymentId` is ours (metadata), `ref` the processor's. */
export type ProcessorEvent = { id: string; type: string } & (
  | { kind: 'payment_succeeded'; paymentId: string | null; ref: string; methodRef?: string }
  | { kind: 'payment_failed'; paymentId: string | null; ref: string; code: string; message: string }
  | { kind: 'refunded'; ref: string; refunds: Array<{ ref: string; amountCents: number }> }
  | { kind: 'disputed'; ref: string; disputeRef: string; amountCents: number }
  | { kind: 'ignored' }
);

export interface WebhooksDeps {
  db: Db;
  clock: Clock;
  settlement: SettlementService;
}

export function createWebhooksService({ db, clock, settlement }: WebhooksDeps) {
  async function paymentOf(processor: string, event: ProcessorEvent) {
    if (event.kind === 'ignored') return undefined;
    const ours =
      'paymentId' in event && event.paymentId ? await repo.findPayment(db, event.paymentId) : undefined;
    if (ours && ours.processor === processor) return ours;
    return repo.findPaymentByProcessorRef(db, processor, event.ref);
  }

  return {
    /** Applies a verified event once; an event about a payment we do not know is acknowledged and skipped. */
    async apply(processor: string, event: ProcessorEvent): Promise<WebhookAck> {
      const payment = await paymentOf(processor, event);
      if (!payment) return { received: true, duplicate: false };
      return db.transaction(async (tx) => {
        const fresh = await repo.insertProcessorEvent(tx, {
          processor,
          eventId: event.id,
          eventType: event.type,
          receivedAt: clock.now(),
        });
        if (!fresh) return { received: true, duplicate: true };
        switch (event.kind) {
          case 'payment_succeeded':
            await settlement.grantIn(tx, payment.id, event.ref, event.methodRef);
            break;
          case 'payment_failed':
            await settlement.failIn(tx, payment.id, event.code, event.message);
            break;
          case 'refunded':
            for (const refund of event.refunds) {
              await settlement.refundIn(tx, payment.id, refund, { strict: false });
            }
            break;
          case 'disputed':
            await settlement.chargebackIn(tx, payment.id, {
              ref: event.disputeRef,
              amountCents: event.amountCents,
            });
            break;
        }
        return { received: true, duplicate: false };
      });
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
