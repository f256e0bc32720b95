import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SandboxCards } from './payments.processor.js';

// A local fake of the part of Braintree's gateway API the adapter uses, speaking its wire format as the
// official SDK calls it: JSON requests (snake_case keys) under /merchants/{merchant id}/ with HTTP Basic
// authentication by the public and private keys, XML answers (Braintree's typed elements: type="array",
// nil="true"), and validation failures as 422 <api-error-response>. Like Braintree's sandbox: a nonce is
// good once (a second use answers validation error 93107); a sale is submitted_for_settlement and cannot
// be refunded (91506) until settled (`settle`, as the sandbox's testing API does), only voided; CVV 200
// is gateway_rejected (cvv). Test cards as the sandbox processor's: …0002 is processor_declined (2000 Do
// Not Honor), …0341 verifies and vaults but every sale of it is declined, …9995 drops the connection.
// Tests only.

export interface FakeBraintree {
  port: number;
  merchantId: string;
  /** Every request as received: method, path and the parsed JSON body. */
  requests: Array<{ method: string; path: string; body: Record<string, unknown> }>;
  /** What the browser's Drop-in does: turns a card into a one-time nonce. */
  tokenize(cardNumber: string, cvv?: string): string;
  /** Settles a sale, as the sandbox's testing API does (a settled sale can be refunded). */
  settle(transactionId: string): void;
  /** The refunds (credit transactions) of a sale. */
  refundsOf(transactionId: string): Array<{ id: string; amount: string; orderId: string | null }>;
  close(): Promise<void>;
}

interface FakeTransaction {
  id: string;
  type: 'sale' | 'credit';
  status: string;
  amount: string;
  orderId: string | null;
  refundIds: string[];
  refundedTransactionId: string | null;
  processorResponseCode: string;
  processorResponseText: string;
  gatewayRejectionReason: string | null;
  card: { token: string | null; last4: string };
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type XmlValue = string | number | boolean | null | XmlList | { [tag: string]: XmlValue };
class XmlList {
  constructor(
    readonly itemTag: string,
    readonly items: XmlValue[],
  ) {}
}
const list = (itemTag: string, items: XmlValue[]) => new XmlList(itemTag, items);

/** Braintree's XML: dashed element names, typed scalars and arrays. */
function xml(tag: string, value: XmlValue): string {
  if (value === null) return `<${tag} nil="true"/>`;
  if (value instanceof XmlList)
    return `<${tag} type="array">${value.items.map((item) => xml(value.itemTag, item)).join('')}</${tag}>`;
  if (typeof value === 'number') return `<${tag} type="integer">${value}</${tag}>`;
  if (typeof value === 'boolean') return `<${tag} type="boolean">${value}</${tag}>`;
  if (typeof value === 'string') return `<${tag}>${escapeXml(value)}</${tag}>`;
  return `<${tag}>${Object.entries(value)
    .map(([key, inner]) => xml(key, inner))
    .join('')}</${tag}>`;
}

function transactionXml(transaction: FakeTransaction): XmlValue {
  return {
    id: transaction.id,
    type: transaction.type,
    status: transaction.status,
    amount: transaction.amount,
    'currency-iso-code': 'USD',
    'order-id': transaction.orderId,
    'processor-response-code': transaction.processorResponseCode,
    'processor-response-text': transaction.processorResponseText,
    'gateway-rejection-reason': transaction.gatewayRejectionReason,
    'refund-ids': list('item', transaction.refundIds),
    'refunded-transaction-id': transaction.refundedTransactionId,
    'credit-card': {
      token: transaction.card.token,
      'last-4': transaction.card.last4,
      'card-type': 'Visa',
    },
  };
}

/** A validation failure: errors nested under the object they belong to, as Braintree nests them. */
function validationErrors(
  under: string,
  errors: Array<{ code: string; attribute: string; message: string }>,
): XmlValue {
  return {
    errors: list('error', []),
    [under]: {
      errors: list(
        'error',
        errors.map((error) => ({ code: error.code, attribute: error.attribute, message: error.message })),
      ),
    },
  };
}

async function jsonOf(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

type Json = Record<string, unknown>;
const objectAt = (value: unknown, key: string): Json =>
  ((value as Json | undefined)?.[key] as Json | undefined) ?? {};

export async function startFakeBraintree(keys: {
  merchantId: string;
  publicKey: string;
  privateKey: string;
}): Promise<FakeBraintree> {
  const requests: FakeBraintree['requests'] = [];
  const transactions = new Map<string, FakeTransaction>();
  const nonces = new Map<string, { number: string; cvv: string; used: boolean }>();
  /** Vaulted cards: token → the card number. */
  const vault = new Map<string, string>();
  let counter = 0;
  const nextId = () => `${(++counter).toString(36)}${randomBytes(3).toString('hex')}`;
  const expectedAuth = `Basic ${Buffer.from(`${keys.publicKey}:${keys.privateKey}`).toString('base64')}`;
  const base = `/merchants/${keys.merchantId}`;

  const server: Server = createServer(async (request, response) => {
    const body = await jsonOf(request);
    const path = (request.url ?? '').split('?')[0] ?? '';
    requests.push({ method: request.method ?? '', path, body });
    const send = (status: number, root: string, value: XmlValue) => {
      response.writeHead(status, { 'content-type': 'application/xml; charset=utf-8' });
      response.end(`<?xml version="1.0" encoding="UTF-8"?>\n${xml(root, value)}`);
    };
    const apiError = (message: string, errors: XmlValue, extra: Record<string, XmlValue> = {}) =>
      send(422, 'api-error-response', { errors, message, ...extra });
    if (request.headers.authorization !== expectedAuth) {
      response.writeHead(401, { 'content-type': 'text/plain' });
      return response.end('Unauthorized');
    }
    if (!path.startsWith(`${base}/`)) {
      response.writeHead(404);
      return response.end();
    }
    const route = path.slice(base.length);

    /** The card a request pays with: a nonce (good once), a vault token or the card's own fields. */
    const cardOf = (
      params: Json,
    ): { number: string; cvv: string; token: string | null } | 'consumed' | 'unknown' => {
      const nonce = params.payment_method_nonce;
      if (typeof nonce === 'string') {
        const tokenized = nonces.get(nonce);
        if (!tokenized) return 'unknown';
        if (tokenized.used) return 'consumed';
        tokenized.used = true;
        return { number: tokenized.number, cvv: tokenized.cvv, token: null };
      }
      const token = params.payment_method_token;
      if (typeof token === 'string') {
        const number = vault.get(token);
        return number ? { number, cvv: '', token } : 'unknown';
      }
      const card = objectAt(params, 'credit_card');
      if (typeof card.number !== 'string') return 'unknown';
      return { number: card.number, cvv: String(card.cvv ?? ''), token: null };
    };
    const nonceConsumed = (under: string) =>
      apiError(
        'Cannot use a payment_method_nonce more than once.',
        validationErrors(under, [
          {
            code: '93107',
            attribute: 'payment_method_nonce',
            message: 'Cannot use a payment_method_nonce more than once.',
          },
        ]),
      );
    const unknownMethod = (under: string) =>
      apiError(
        'Unknown or expired payment_method_nonce.',
        validationErrors(under, [
          {
            code: '91565',
            attribute: 'payment_method_nonce',
            message: 'Unknown or expired payment_method_nonce.',
          },
        ]),
      );
    /** The processor's and the gateway's answer to a card: approved, declined or rejected. */
    const outcomeOf = (number: string, cvv: string, stored: boolean) => {
      if (number === SandboxCards.Declined || (stored && number === SandboxCards.DeclinesAfterAttach))
        return { status: 'processor_declined', code: '2000', text: 'Do Not Honor', rejection: null };
      if (cvv === '200') return { status: 'gateway_rejected', code: '', text: '', rejection: 'cvv' };
      return { status: 'approved', code: '1000', text: 'Approved', rejection: null };
    };

    if (request.method === 'POST' && route === '/client_token') {
      return send(201, 'client-token', {
        value: Buffer.from(`fake-client-token-${nextId()}`).toString('base64'),
      });
    }

    if (request.method === 'POST' && route === '/transactions') {
      const params = objectAt(body, 'transaction');
      const card = cardOf(params);
      if (card === 'consumed') return nonceConsumed('transaction');
      if (card === 'unknown') return unknownMethod('transaction');
      if (card.number === SandboxCards.NetworkUnavailable) return request.socket.destroy();
      const outcome = outcomeOf(card.number, card.cvv, card.token !== null);
      const options = objectAt(params, 'options');
      const vaulted =
        outcome.status === 'approved' && options.store_in_vault_on_success === true
          ? `tok_${nextId()}`
          : card.token;
      if (vaulted && !card.token) vault.set(vaulted, card.number);
      const transaction: FakeTransaction = {
        id: nextId(),
        type: 'sale',
        status:
          outcome.status === 'approved'
            ? options.submit_for_settlement === true
              ? 'submitted_for_settlement'
              : 'authorized'
            : outcome.status,
        amount: String(params.amount),
        orderId: typeof params.order_id === 'string' ? params.order_id : null,
        refundIds: [],
        refundedTransactionId: null,
        processorResponseCode: outcome.code,
        processorResponseText: outcome.text,
        gatewayRejectionReason: outcome.rejection,
        card: { token: vaulted, last4: card.number.slice(-4) },
      };
      transactions.set(transaction.id, transaction);
      if (outcome.status === 'approved') return send(201, 'transaction', transactionXml(transaction));
      return apiError(
        outcome.status === 'processor_declined' ? outcome.text : 'Gateway Rejected: cvv',
        { errors: list('error', []) },
        { transaction: transactionXml(transaction) },
      );
    }

    if (request.method === 'POST' && route === '/customers') {
      const params = objectAt(body, 'customer');
      const card = cardOf(params);
      if (card === 'consumed') return nonceConsumed('customer');
      if (card === 'unknown') return unknownMethod('customer');
      if (card.number === SandboxCards.NetworkUnavailable) return request.socket.destroy();
      const outcome = outcomeOf(card.number, card.cvv, false);
      if (outcome.status !== 'approved') {
        return apiError(
          outcome.status === 'processor_declined' ? outcome.text : 'Gateway Rejected: cvv',
          { errors: list('error', []) },
          {
            verification: {
              status: outcome.status,
              'processor-response-code': outcome.code,
              'gateway-rejection-reason': outcome.rejection,
            },
          },
        );
      }
      const token = `tok_${nextId()}`;
      vault.set(token, card.number);
      return send(201, 'customer', {
        id: `cus_${nextId()}`,
        'credit-cards': list('credit-card', [{ token, 'last-4': card.number.slice(-4) }]),
      });
    }

    const one = /^\/transactions\/([^/]+)(?:\/(refund|void))?$/.exec(route);
    const transaction = one ? transactions.get(one[1] ?? '') : undefined;
    if (one && !transaction) {
      response.writeHead(404);
      return response.end();
    }
    if (transaction && request.method === 'GET' && !one?.[2]) {
      return send(200, 'transaction', transactionXml(transaction));
    }
    if (transaction && request.method === 'PUT' && one?.[2] === 'void') {
      if (transaction.status !== 'submitted_for_settlement' && transaction.status !== 'authorized') {
        return apiError(
          'Transaction can only be voided if status is authorized, submitted_for_settlement, or - for PayPal - settlement_pending.',
          validationErrors('transaction', [
            {
              code: '91504',
              attribute: 'base',
              message: 'Transaction can only be voided if status is authorized…',
            },
          ]),
        );
      }
      transaction.status = 'voided';
      return send(200, 'transaction', transactionXml(transaction));
    }
    if (transaction && request.method === 'POST' && one?.[2] === 'refund') {
      const params = objectAt(body, 'transaction');
      if (transaction.status !== 'settled') {
        return apiError(
          'Cannot refund transaction unless it is settled.',
          validationErrors('transaction', [
            { code: '91506', attribute: 'base', message: 'Cannot refund transaction unless it is settled.' },
          ]),
        );
      }
      const refunded = transaction.refundIds.reduce(
        (sum, id) => sum + Math.round(Number(transactions.get(id)?.amount ?? 0) * 100),
        0,
      );
      const amount = params.amount === undefined ? transaction.amount : String(params.amount);
      if (Math.round(Number(amount) * 100) > Math.round(Number(transaction.amount) * 100) - refunded) {
        return apiError(
          'Refund amount is too large.',
          validationErrors('transaction', [
            { code: '91521', attribute: 'amount', message: 'Refund amount is too large.' },
          ]),
        );
      }
      const credit: FakeTransaction = {
        ...transaction,
        id: nextId(),
        type: 'credit',
        status: 'submitted_for_settlement',
        amount,
        orderId: typeof params.order_id === 'string' ? params.order_id : null,
        refundIds: [],
        refundedTransactionId: transaction.id,
      };
      transactions.set(credit.id, credit);
      transaction.refundIds.push(credit.id);
      return send(201, 'transaction', transactionXml(credit));
    }
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    merchantId: keys.merchantId,
    requests,
    tokenize(cardNumber, cvv = '123') {
      const nonce = `fake-nonce-${nextId()}`;
      nonces.set(nonce, { number: cardNumber, cvv, used: false });
      return nonce;
    },
    settle(transactionId) {
      const transaction = transactions.get(transactionId);
      if (!transaction) throw new Error(`no transaction ${transactionId}`);
      transaction.status = 'settled';
    },
    refundsOf(transactionId) {
      return (transactions.get(transactionId)?.refundIds ?? []).map((id) => {
        const credit = transactions.get(id);
        return { id, amount: credit?.amount ?? '', orderId: credit?.orderId ?? null };
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
