import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SandboxCards } from './payments.processor.js';

// A local fake of the part of Stripe's API the adapter uses (PaymentIntents, SetupIntents), speaking its
// wire format: form-encoded requests with a Bearer key, JSON answers, card errors as 402. Test cards as
// Stripe's: 4242… succeeds, …0002 is declined, …3220 requires 3-D Secure, …0341 saves but declines charges;
// …9995 drops the connection (network unavailable). Refunds (POST /v1/refunds, GET /v1/refunds), and the
// events Stripe would send a webhook (payment_intent.succeeded / payment_failed, charge.refunded,
// charge.dispute.created), signed as Stripe signs them (Stripe-Signature: t=…,v1=HMAC-SHA256 of "t.body"),
// written here by hand so the SDK's verification is checked against an independent signer. Tests only.

export interface FakeStripe {
  port: number;
  /** Every request as received: method, path, form fields and the idempotency key. */
  requests: Array<{ method: string; path: string; form: URLSearchParams; idempotencyKey: string | null }>;
  /** Every event Stripe would have sent, oldest first. */
  events: StripeEventLike[];
  /** Opens a dispute on a PaymentIntent's charge (as a cardholder's bank would): a charge.dispute.created event. */
  dispute(paymentIntentId: string): StripeEventLike;
  /** The delivery of an event: its body and signature header, signed at `timestamp` (seconds). */
  sign(event: StripeEventLike, secret: string, timestamp: number): { payload: string; signature: string };
  close(): Promise<void>;
}

export interface StripeEventLike {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

/** Stripe's signature scheme: v1 = hex HMAC-SHA256 of `${timestamp}.${payload}` with the endpoint secret. */
export function signStripePayload(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeStripe(apiKey: string): Promise<FakeStripe> {
  const requests: FakeStripe['requests'] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const refunds: Array<Record<string, unknown>> = [];
  const events: StripeEventLike[] = [];
  let counter = 0;
  const emit = (type: string, object: Record<string, unknown>): StripeEventLike => {
    const event: StripeEventLike = {
      id: `evt_${++counter}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: structuredClone(object) },
    };
    events.push(event);
    return event;
  };
  const chargeOf = (intent: Record<string, unknown>) => {
    const own = refunds.filter((refund) => refund.payment_intent === intent.id);
    return {
      id: `ch_${String(intent.id).slice(3)}`,
      object: 'charge',
      payment_intent: intent.id,
      amount: intent.amount,
      amount_refunded: own.reduce((sum, refund) => sum + Number(refund.amount), 0),
      refunded: false,
      refunds: { object: 'list', data: own, has_more: false },
    };
  };
  const server: Server = createServer(async (request, response) => {
    const form = new URLSearchParams(await bodyOf(request));
    const path = (request.url ?? '').split('?')[0] ?? '';
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method: request.method ?? '', path, form, idempotencyKey });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++counter}` });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const cardError = () =>
      send(402, {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        },
      });
    const number = form.get('payment_method_data[card][number]')?.replace(/\s/g, '') ?? null;
    const storedMethod = form.get('payment_method');
    const metadata = form.get('metadata[payment_id]')
      ? { payment_id: form.get('metadata[payment_id]') }
      : ({} as Record<string, string>);
    const create = (object: 'payment_intent' | 'setup_intent', status: string, paymentMethod: string) => {
      const intent = {
        id: `${object === 'payment_intent' ? 'pi' : 'seti'}_${++counter}`,
        object,
        status,
        payment_method: paymentMethod,
        amount: Number(form.get('amount') ?? 0),
        metadata,
      };
      intents.set(intent.id, intent);
      if (object === 'payment_intent' && status === 'succeeded') emit('payment_intent.succeeded', intent);
      return send(200, intent);
    };
    const isSetup = path === '/v1/setup_intents';
    if (request.method === 'POST' && (path === '/v1/payment_intents' || isSetup)) {
      const object = isSetup ? 'setup_intent' : 'payment_intent';
      if (number === SandboxCards.NetworkUnavailable) return request.socket.destroy();
      if (storedMethod)
        return storedMethod.startsWith('pm_fails') ? cardError() : create(object, 'succeeded', storedMethod);
      if (number === SandboxCards.Declined) {
        // Stripe keeps the declined PaymentIntent and reports it to the webhook.
        if (!isSetup) {
          const failed = {
            id: `pi_${++counter}`,
            object: 'payment_intent',
            status: 'requires_payment_method',
            payment_method: null,
            amount: Number(form.get('amount') ?? 0),
            metadata,
          };
          intents.set(failed.id, failed);
          emit('payment_intent.payment_failed', failed);
        }
        return cardError();
      }
      if (number === SandboxCards.DeclinesAfterAttach)
        return isSetup ? create(object, 'succeeded', `pm_fails_${counter}`) : cardError();
      if (number === SandboxCards.RequiresThreeDSecure)
        return create(object, 'requires_action', `pm_3ds_${counter}`);
      return create(object, 'succeeded', `pm_card_${counter}`);
    }
    const action = /^\/v1\/payment_intents\/([^/]+)\/(confirm|cancel)$/.exec(path);
    const intent = action ? intents.get(action[1] ?? '') : undefined;
    if (request.method === 'POST' && action && intent) {
      intent.status = action[2] === 'confirm' ? 'succeeded' : 'canceled';
      if (intent.status === 'succeeded') emit('payment_intent.succeeded', intent);
      return send(200, intent);
    }
    if (path === '/v1/refunds') {
      const target = intents.get(
        (request.method === 'GET'
          ? new URL(request.url ?? '', 'http://fake').searchParams.get('payment_intent')
          : form.get('payment_intent')) ?? '',
      );
      if (target?.status !== 'succeeded') {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such payment_intent',
          },
        });
      }
      if (request.method === 'GET') {
        const own = refunds.filter((refund) => refund.payment_intent === target.id);
        return send(200, { object: 'list', data: own, has_more: false, url: '/v1/refunds' });
      }
      const left = Number(target.amount) - chargeOf(target).amount_refunded;
      const amount = Number(form.get('amount') ?? left);
      if (amount > left) {
        return send(400, {
          error: { type: 'invalid_request_error', code: 'amount_too_large', message: 'Refund is too large' },
        });
      }
      const refund = {
        id: `re_${++counter}`,
        object: 'refund',
        amount,
        payment_intent: target.id,
        charge: chargeOf(target).id,
        status: 'succeeded',
      };
      refunds.push(refund);
      emit('charge.refunded', { ...chargeOf(target), refunded: amount === left });
      return send(200, refund);
    }
    return send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    events,
    dispute(paymentIntentId) {
      const target = intents.get(paymentIntentId);
      if (!target) throw new Error(`no PaymentIntent ${paymentIntentId}`);
      return emit('charge.dispute.created', {
        id: `dp_${++counter}`,
        object: 'dispute',
        amount: target.amount,
        charge: chargeOf(target).id,
        payment_intent: target.id,
        reason: 'fraudulent',
        status: 'needs_response',
      });
    },
    sign(event, secret, timestamp) {
      const payload = JSON.stringify(event);
      return { payload, signature: signStripePayload(payload, secret, timestamp) };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
