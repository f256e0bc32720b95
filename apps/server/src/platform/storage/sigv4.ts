import { createHash, createHmac } from 'node:crypto';

// AWS Signature Version 4 for presigned URLs ("Authenticating Requests: Using Query Parameters"). The
// signature goes in the query string, so the URL alone authorises one method on one object until it
// expires. The payload is not signed (UNSIGNED-PAYLOAD), as with every S3 presigned URL.

export interface PresignInput {
  method: 'GET' | 'PUT' | 'HEAD' | 'DELETE';
  /** The service origin, optionally with a base path: https://s3.eu-west-1.amazonaws.com, http://minio:9000. */
  endpoint: string;
  /** The resource path, not yet encoded: /bucket/key for path-style addressing. */
  path: string;
  region: string;
  service?: string;
  accessKeyId: string;
  secretAccessKey: string;
  expiresInSeconds: number;
  now: Date;
  /** Headers the request will send and the signature must cover, besides host (names in any case). */
  headers?: Record<string, string>;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is %XX (uppercase). */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

function hmac(key: Buffer | string, value: string): Buffer {
  return createHmac('sha256', key).update(value, 'utf8').digest();
}

/** 20130524T000000Z */
function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function signingKey(secretAccessKey: string, day: string, region: string, service: string): Buffer {
  const dateKey = hmac(`AWS4${secretAccessKey}`, day);
  return hmac(hmac(hmac(dateKey, region), service), 'aws4_request');
}

export interface PresignedRequest {
  url: string;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

export function presign(input: PresignInput): PresignedRequest {
  const service = input.service ?? 's3';
  const base = new URL(input.endpoint);
  const timestamp = amzDate(input.now);
  const day = timestamp.slice(0, 8);
  const scope = `${day}/${input.region}/${service}/aws4_request`;

  const segments = [...base.pathname.split('/'), ...input.path.split('/')].filter((part) => part !== '');
  const canonicalUri = `/${segments.map(uriEncode).join('/')}`;

  const headers = new Map<string, string>([['host', base.host]]);
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    headers.set(name.toLowerCase(), value.trim().replace(/\s+/g, ' '));
  }
  const headerNames = [...headers.keys()].sort();
  const signedHeaders = headerNames.join(';');

  const query: Array<[string, string]> = [
    ['X-Amz-Algorithm', ALGORITHM],
    ['X-Amz-Credential', `${input.accessKeyId}/${scope}`],
    ['X-Amz-Date', timestamp],
    ['X-Amz-Expires', String(input.expiresInSeconds)],
    ['X-Amz-SignedHeaders', signedHeaders],
  ];
  const canonicalQuery = query
    .map(([name, value]) => `${uriEncode(name)}=${uriEncode(value)}`)
    .sort()
    .join('&');

  const canonicalRequest = [
    input.method,
    canonicalUri,
    canonicalQuery,
    headerNames.map((name) => `${name}:${headers.get(name)}\n`).join(''),
    signedHeaders,
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = [ALGORITHM, timestamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(input.secretAccessKey, day, input.region, service))
    .update(stringToSign, 'utf8')
    .digest('hex');

  return {
    url: `${base.origin}${canonicalUri}?${canonicalQuery}&X-Amz-Signature=${signature}`,
    canonicalRequest,
    stringToSign,
    signature,
  };
}
