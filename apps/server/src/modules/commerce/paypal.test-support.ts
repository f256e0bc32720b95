import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SandboxCards } from './payments.processor.js';

// A local fake of the part of PayPal's REST API the adapter uses, as the official server SDK calls it:
// OAuth2 client credentials (POST /v1/oauth2/token, Basic auth, form body) giving a Bearer token; Orders v2
// with a card payment source (POST /v2/checkout/orders, POST /v2/checkout/orders/{id}/capture); refunds of a
// capture (POST /v2/payments/captures/{id}/refund). JSON in snake_case, errors as PayPal's
// { name, message, debug_id, details: [{ issue }] }. PayPal-Request-Id makes a create, capture or refund
// once: the same id answers the first successful answer again (a refused request may be retried with it). Test cards as the sandbox processor's: …0002's capture is
// DECLINED, …3220 leaves the order PAYER_ACTION_REQUIRED until `completePayerAction` (3-D Secure in PayPal's
// page), …9995 drops the connection; a vaulted …0341 card declines every later charge. Tests only.

export interface FakePaypal {
  port: number;
  /** Every request as received: method, path, JSON body and its PayPal-Request-Id. */
  requests: Array<{ method: string; path: string; body: Record<string, unknown>; requestId: string | null }>;
  /** The cardholder completes PayPal's payer action (3-D Secure): the order becomes APPROVED. */
  completePayerAction(orderId: string): void;
  /** Refunds made of a capture. */
  refundsOf(captureId: string): Array<{ id: string; value: string }>;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

interface FakeOrder {
  id: string;
  status: string;
  value: string;
  customId: string | null;
  number: string;
  vault: boolean;
  vaultId: string | null;
  captureId: string | null;
}

async function jsonOf(request: IncomingMessage): Promise<{ text: string; json: Json }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.startsWith('{')) return { text, json: {} };
  return { text, json: JSON.parse(text) as Json };
}

export async function startFakePaypal(credentials: {
  clientId: string;
  clientSecret: string;
}): Promise<FakePaypal> {
  const requests: FakePaypal['requests'] = [];
  const orders = new Map<string, FakeOrder>();
  const captures = new Map<string, { order: FakeOrder; refunds: Array<{ id: string; value: string }> }>();
  const vault = new Map<string, string>();
  /** PayPal-Request-Id → the answer first given (idempotency). */
  const answered = new Map<string, { status: number; body: unknown }>();
  const tokens = new Set<string>();
  let counter = 0;
  const next = (prefix: string) => `${prefix}${(++counter).toString().padStart(6, '0')}`;
  const basic = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;

  const orderJson = (order: FakeOrder) => ({
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    payment_source: {
      card: {
        last_digits: order.number.slice(-4),
        brand: 'VISA',
        ...(order.vaultId
          ? { attributes: { vault: { id: order.vaultId, status: 'VAULTED', customer: { id: 'cust_fake' } } } }
          : {}),
      },
    },
    purchase_units: [
      {
        reference_id: 'default',
        amount: { currency_code: 'USD', value: order.value },
        ...(order.customId ? { custom_id: order.customId } : {}),
        ...(order.captureId
          ? {
              payments: {
                captures: [
                  {
                    id: order.captureId,
                    status: order.status === 'COMPLETED' ? 'COMPLETED' : 'DECLINED',
                    amount: { currency_code: 'USD', value: order.value },
                    final_capture: true,
                  },
                ],
              },
            }
          : {}),
      },
    ],
    links: [
      { href: `https://api-m.sandbox.paypal.com/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      ...(order.status === 'PAYER_ACTION_REQUIRED'
        ? [
            {
              href: `https://www.sandbox.paypal.com/webapps/helios?action=verify&flow=3ds&cart_id=${order.id}`,
              rel: 'payer-action',
              method: 'GET',
            },
          ]
        : []),
    ],
  });

  const server: Server = createServer(async (request, response) => {
    const { text, json } = await jsonOf(request);
    const path = (request.url ?? '').split('?')[0] ?? '';
    const requestId = (request.headers['paypal-request-id'] as string | undefined) ?? null;
    requests.push({ method: request.method ?? '', path, body: json, requestId });
    const send = (status: number, body: unknown) => {
      if (requestId && status < 300) answered.set(`${path} ${requestId}`, { status, body });
      response.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': next('dbg') });
      response.end(JSON.stringify(body));
    };
    const problem = (status: number, name: string, issue: string, description: string) =>
      send(status, {
        name,
        message:
          'The requested action could not be performed, semantically incorrect, or failed business validation.',
        debug_id: next('dbg'),
        details: [{ issue, description }],
      });

    if (request.method === 'POST' && path === '/v1/oauth2/token') {
      const form = new URLSearchParams(text);
      if (request.headers.authorization !== basic || form.get('grant_type') !== 'client_credentials') {
        response.writeHead(401, { 'content-type': 'application/json' });
        return response.end(
          JSON.stringify({ error: 'invalid_client', error_description: 'Client Authentication failed' }),
        );
      }
      const token = next('A21AA');
      tokens.add(token);
      return send(200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 32400,
        scope: 'https://uri.paypal.com/services/payments/payment',
        app_id: 'APP-FAKE',
        nonce: next('n'),
      });
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) {
      return send(401, {
        name: 'AUTHENTICATION_FAILURE',
        message:
          'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
        debug_id: next('dbg'),
        details: [],
      });
    }
    const earlier = requestId ? answered.get(`${path} ${requestId}`) : undefined;
    if (earlier) return send(earlier.status, earlier.body);

    if (request.method === 'POST' && path === '/v2/checkout/orders') {
      const unit = ((json.purchase_units as Json[] | undefined) ?? [])[0] ?? {};
      const card = ((json.payment_source as Json | undefined)?.card as Json | undefined) ?? {};
      const vaultId = typeof card.vault_id === 'string' ? card.vault_id : null;
      const number = vaultId ? (vault.get(vaultId) ?? '') : String(card.number ?? '');
      if (vaultId && !vault.has(vaultId))
        return problem(
          422,
          'UNPROCESSABLE_ENTITY',
          'INVALID_RESOURCE_ID',
          'Specified resource ID does not exist.',
        );
      if (!/^\d{12,19}$/.test(number) || (!vaultId && !/^\d{4}-\d{2}$/.test(String(card.expiry ?? ''))))
        return problem(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.');
      if (number === SandboxCards.NetworkUnavailable) return request.socket.destroy();
      const attributes = (card.attributes as Json | undefined) ?? {};
      const order: FakeOrder = {
        id: next('ORD'),
        status:
          number === SandboxCards.RequiresThreeDSecure &&
          (attributes.verification as Json | undefined)?.method
            ? 'PAYER_ACTION_REQUIRED'
            : 'APPROVED',
        value: String((unit.amount as Json | undefined)?.value ?? '0.00'),
        customId: typeof unit.custom_id === 'string' ? unit.custom_id : null,
        number,
        vault: (attributes.vault as Json | undefined)?.store_in_vault === 'ON_SUCCESS',
        vaultId,
        captureId: null,
      };
      orders.set(order.id, order);
      return send(201, orderJson(order));
    }
    const captureRoute = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (request.method === 'POST' && captureRoute) {
      const order = orders.get(captureRoute[1] ?? '');
      if (!order)
        return problem(
          404,
          'RESOURCE_NOT_FOUND',
          'INVALID_RESOURCE_ID',
          'Specified resource ID does not exist.',
        );
      if (order.status === 'PAYER_ACTION_REQUIRED')
        return problem(
          422,
          'UNPROCESSABLE_ENTITY',
          'ORDER_NOT_APPROVED',
          'Payer has not yet approved the Order for payment.',
        );
      if (order.status === 'COMPLETED')
        return problem(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
      const refused =
        order.number === SandboxCards.Declined ||
        (order.vaultId !== null && order.number === SandboxCards.DeclinesAfterAttach);
      order.captureId = next('CAP');
      order.status = refused ? 'DECLINED' : 'COMPLETED';
      if (!refused) {
        captures.set(order.captureId, { order, refunds: [] });
        if (order.vault && !order.vaultId) {
          order.vaultId = next('VT');
          vault.set(order.vaultId, order.number);
        }
      }
      // PayPal answers a declined card's capture with the order, its capture DECLINED.
      return send(201, { ...orderJson(order), status: refused ? 'COMPLETED' : order.status });
    }
    const refundRoute = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (request.method === 'POST' && refundRoute) {
      const captured = captures.get(refundRoute[1] ?? '');
      if (!captured)
        return problem(
          404,
          'RESOURCE_NOT_FOUND',
          'INVALID_RESOURCE_ID',
          'Specified resource ID does not exist.',
        );
      const cents = (value: string) => Math.round(Number(value) * 100);
      const left =
        cents(captured.order.value) - captured.refunds.reduce((sum, refund) => sum + cents(refund.value), 0);
      const value = String((json.amount as Json | undefined)?.value ?? (left / 100).toFixed(2));
      if (cents(value) > left)
        return problem(
          422,
          'UNPROCESSABLE_ENTITY',
          'REFUND_AMOUNT_EXCEEDED',
          'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
        );
      const refund = { id: next('REF'), value };
      captured.refunds.push(refund);
      return send(201, {
        id: refund.id,
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value },
        links: [
          {
            href: `https://api-m.sandbox.paypal.com/v2/payments/refunds/${refund.id}`,
            rel: 'self',
            method: 'GET',
          },
        ],
      });
    }
    return problem(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', `No route ${request.method} ${path}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    completePayerAction(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      order.status = 'APPROVED';
    },
    refundsOf: (captureId) => captures.get(captureId)?.refunds ?? [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
