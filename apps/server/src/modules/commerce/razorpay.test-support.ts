import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SandboxCards } from './payments.processor.js';

// A local fake of the part of Razorpay's API the adapter uses, as the official SDK calls it: HTTP Basic
// authentication by key id and secret, JSON under /v1 (amounts in the currency's smallest unit), errors as
// { error: { code: 'BAD_REQUEST_ERROR', description, reason, … } }. Orders (POST /v1/orders), payments
// (GET /v1/payments/{id}, POST …/capture), refunds (POST …/refund, GET …/refunds). `pay` plays Razorpay
// Checkout in the browser: the cardholder pays an order; a good card leaves the payment `authorized` and
// answers what Checkout hands back (payment id, order id and the signature, HMAC-SHA256 of
// "order_id|payment_id" with the key secret, computed here independently of the SDK); the sandbox's declined
// card (…0002) leaves it `failed`. `setDown(true)` drops every connection (network unavailable). Tests only.

export interface FakeRazorpay {
  baseUrl: string;
  requests: Array<{ method: string; path: string; body: Record<string, unknown> }>;
  /** Razorpay Checkout: pays an order with a card; what the browser would get back. */
  pay(
    orderId: string,
    cardNumber: string,
  ): { razorpay_payment_id: string; razorpay_order_id?: string; razorpay_signature?: string };
  setDown(down: boolean): void;
  refundsOf(paymentId: string): Array<{ id: string; amount: number }>;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

export function razorpaySignature(orderId: string, paymentId: string, secret: string): string {
  return createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');
}

async function jsonOf(request: IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Json) : {};
}

export async function startFakeRazorpay(keys: { keyId: string; keySecret: string }): Promise<FakeRazorpay> {
  const requests: FakeRazorpay['requests'] = [];
  const orders = new Map<string, Json>();
  const payments = new Map<string, Json>();
  const refunds = new Map<string, Json[]>();
  let down = false;
  let counter = 0;
  const id = (prefix: string) => `${prefix}_${(++counter).toString(36).padStart(14, '0')}`;
  const now = () => Math.floor(Date.now() / 1000);
  const basic = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;

  const server: Server = createServer(async (request, response) => {
    if (down) return request.socket.destroy();
    const body = await jsonOf(request);
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname;
    requests.push({ method: request.method ?? '', path, body });
    const send = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    const badRequest = (description: string, field?: string) =>
      send(400, {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description,
          source: 'business',
          step: 'payment_initiation',
          reason: 'input_validation_failed',
          metadata: {},
          ...(field ? { field } : {}),
        },
      });
    if (request.headers.authorization !== basic) {
      return send(401, {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Authentication failed',
          source: 'NA',
          step: 'NA',
          reason: 'NA',
          metadata: {},
        },
      });
    }
    if (request.method === 'POST' && path === '/v1/orders') {
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 100)
        return badRequest('The amount must be atleast INR 1.00', 'amount');
      const order = {
        id: id('order'),
        entity: 'order',
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency: body.currency ?? 'INR',
        receipt: body.receipt ?? null,
        status: 'created',
        attempts: 0,
        notes: body.notes ?? [],
        created_at: now(),
      };
      orders.set(order.id, order);
      return send(200, order);
    }
    const paymentRoute = /^\/v1\/payments\/([^/]+)(?:\/(capture|refund|refunds))?$/.exec(path);
    const payment = paymentRoute ? payments.get(paymentRoute[1] ?? '') : undefined;
    if (paymentRoute && !payment) return badRequest('The id provided does not exist', 'id');
    if (payment && request.method === 'GET' && !paymentRoute?.[2]) return send(200, payment);
    if (payment && request.method === 'POST' && paymentRoute?.[2] === 'capture') {
      if (payment.status !== 'authorized')
        return badRequest('This payment has already been captured or is not authorized');
      if (Number(body.amount) !== payment.amount || body.currency !== payment.currency)
        return badRequest('Capture amount must be equal to the amount authorized', 'amount');
      payment.status = 'captured';
      payment.captured = true;
      const order = orders.get(String(payment.order_id));
      if (order) Object.assign(order, { status: 'paid', amount_paid: payment.amount, amount_due: 0 });
      return send(200, payment);
    }
    if (payment && paymentRoute?.[2] === 'refunds' && request.method === 'GET') {
      const own = refunds.get(String(payment.id)) ?? [];
      const count = Number(url.searchParams.get('count') ?? 10);
      return send(200, {
        entity: 'collection',
        count: Math.min(count, own.length),
        items: own.slice(0, count),
      });
    }
    if (payment && paymentRoute?.[2] === 'refund' && request.method === 'POST') {
      if (payment.status !== 'captured') return badRequest('The payment has not been captured');
      const own = refunds.get(String(payment.id)) ?? [];
      const refunded = own.reduce((sum, refund) => sum + Number(refund.amount), 0);
      const amount = body.amount === undefined ? Number(payment.amount) - refunded : Number(body.amount);
      if (amount > Number(payment.amount) - refunded)
        return badRequest('The refund amount provided is greater than amount captured', 'amount');
      const refund = {
        id: id('rfnd'),
        entity: 'refund',
        amount,
        currency: payment.currency,
        payment_id: payment.id,
        notes: body.notes ?? [],
        receipt: null,
        status: 'processed',
        speed_requested: body.speed ?? 'normal',
        created_at: now(),
      };
      own.push(refund);
      refunds.set(String(payment.id), own);
      payment.amount_refunded = refunded + amount;
      payment.refund_status = refunded + amount === payment.amount ? 'full' : 'partial';
      return send(200, refund);
    }
    send(400, {
      error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    pay(orderId, cardNumber) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const refused = cardNumber === SandboxCards.Declined;
      const payment: Json = {
        id: id('pay'),
        entity: 'payment',
        amount: order.amount,
        currency: order.currency,
        status: refused ? 'failed' : 'authorized',
        order_id: orderId,
        method: 'card',
        captured: false,
        amount_refunded: 0,
        refund_status: null,
        card_id: id('card'),
        error_code: refused ? 'BAD_REQUEST_ERROR' : null,
        error_description: refused ? 'Your payment has been declined by your bank.' : null,
        error_reason: refused ? 'payment_declined' : null,
        notes: [],
        created_at: now(),
      };
      payments.set(String(payment.id), payment);
      order.attempts = Number(order.attempts) + 1;
      order.status = 'attempted';
      if (refused) return { razorpay_payment_id: String(payment.id) };
      return {
        razorpay_payment_id: String(payment.id),
        razorpay_order_id: orderId,
        razorpay_signature: razorpaySignature(orderId, String(payment.id), keys.keySecret),
      };
    },
    setDown(value) {
      down = value;
    },
    refundsOf: (paymentId) =>
      (refunds.get(paymentId) ?? []).map((refund) => ({
        id: String(refund.id),
        amount: Number(refund.amount),
      })),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
