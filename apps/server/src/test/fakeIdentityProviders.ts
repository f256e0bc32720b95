import {
  createHash,
  createSign,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stringify } from 'node:querystring';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { exportJWK, SignJWT } from 'jose';
import { SignedXml } from 'xml-crypto';

// Identity providers for tests and the e2e journey: real HTTP servers on 127.0.0.1 speaking OpenID Connect
// (discovery, authorize with PKCE, token, JWKS; RS256 ID tokens) and SAML 2.0 (HTTP-Redirect AuthnRequest
// in, HTTP-POST Response out, the assertion signed with xml-crypto). Knobs let a test make them misbehave
// the ways a real attacker or a broken IdP would: wrong key, wrong audience, expired, unsigned.

export interface IdpPerson {
  email: string;
  name: string;
  emailVerified?: boolean;
}

interface Running {
  server: Server;
  url: string;
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>, port = 0) {
  const server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${bound}` } satisfies Running;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(res: ServerResponse, title: string, body: string) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem"><main><h1>${title}</h1>${body}</main></body></html>`,
  );
}

function rsaKeys() {
  return generateKeyPairSync('rsa', { modulusLength: 2048 });
}

// A self-signed X.509 certificate (DER built by hand: no certificate library is a dependency), so the
// SAML IdP's metadata carries a real certificate as Okta's and Azure AD's do.
function der(tag: number, content: Buffer): Buffer {
  const length = content.length;
  const head =
    length < 0x80
      ? Buffer.from([length])
      : (() => {
          const bytes: number[] = [];
          for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
          return Buffer.from([0x80 | bytes.length, ...bytes]);
        })();
  return Buffer.concat([Buffer.from([tag]), head, content]);
}
const seq = (...items: Buffer[]) => der(0x30, Buffer.concat(items));
function oid(text: string): Buffer {
  const [first = 0, second = 0, ...rest] = text.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const part of rest) {
    const chunk = [part & 0x7f];
    for (let value = part >> 7; value > 0; value >>= 7) chunk.unshift((value & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}
const utcTime = (date: Date) =>
  der(0x17, Buffer.from(`${date.toISOString().replace(/[-:T]/g, '').slice(2, 14)}Z`, 'ascii'));

export function selfSignedCertificatePem(
  keys: { publicKey: KeyObject; privateKey: KeyObject },
  name: string,
) {
  const sha256WithRsa = seq(oid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));
  const subject = seq(der(0x31, seq(oid('2.5.4.3'), der(0x0c, Buffer.from(name, 'utf8')))));
  const now = Date.now();
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([0x02]))),
    der(0x02, Buffer.concat([Buffer.from([0x01]), randomBytes(8)])),
    sha256WithRsa,
    subject,
    seq(utcTime(new Date(now - 86_400_000)), utcTime(new Date(now + 365 * 86_400_000))),
    subject,
    keys.publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = createSign('sha256').update(tbs).sign(keys.privateKey);
  const certificate = seq(tbs, sha256WithRsa, der(0x03, Buffer.concat([Buffer.from([0x00]), signature])));
  const body =
    certificate
      .toString('base64')
      .match(/.{1,64}/g)
      ?.join('\n') ?? '';
  return `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----`;
}

// OpenID Connect.

export interface FakeOidcOptions {
  clientId: string;
  clientSecret: string;
  /** The person the IdP vouches for; with `interactive`, the address typed in its form instead. */
  person: IdpPerson;
  /** Shows a sign-in form at /authorize (the e2e journey) instead of answering at once. */
  interactive?: boolean;
  port?: number;
}

export interface FakeOidc {
  issuer: string;
  options: FakeOidcOptions;
  /** Misbehaviour for the next ID tokens. */
  knobs: { signWithWrongKey: boolean; audience: string | null; expiresInSeconds: number };
  tokenRequests: number;
  close(): Promise<void>;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string | undefined;
  person: IdpPerson;
}

export async function startFakeOidc(options: FakeOidcOptions): Promise<FakeOidc> {
  const kid = 'fake-oidc-key';
  const keys = rsaKeys();
  const wrong = rsaKeys();
  const codes = new Map<string, PendingCode>();
  const jwk = { ...(await exportJWK(keys.publicKey)), kid, use: 'sig', alg: 'RS256' };
  let issuer = '';
  const idp: FakeOidc = {
    issuer: '',
    options,
    knobs: { signWithWrongKey: false, audience: null, expiresInSeconds: 300 },
    tokenRequests: 0,
    close: async () => {
      await new Promise((resolve) => running.server.close(resolve));
    },
  };

  function redirectWithCode(res: ServerResponse, query: URLSearchParams, person: IdpPerson) {
    const redirectUri = query.get('redirect_uri') ?? '';
    const code = randomBytes(16).toString('base64url');
    codes.set(code, {
      clientId: query.get('client_id') ?? '',
      redirectUri,
      challenge: query.get('code_challenge') ?? '',
      nonce: query.get('nonce') ?? undefined,
      person,
    });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', query.get('state') ?? '');
    back.searchParams.set('iss', issuer);
    res.writeHead(302, { location: back.href });
    res.end();
  }

  const running = await listen(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/.well-known/openid-configuration') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
          authorization_response_iss_parameter_supported: true,
        }),
      );
      return;
    }
    if (url.pathname === '/jwks') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    if (url.pathname === '/authorize' && req.method === 'GET') {
      const query = url.searchParams;
      const valid =
        query.get('client_id') === options.clientId &&
        query.get('response_type') === 'code' &&
        query.get('code_challenge_method') === 'S256' &&
        (query.get('code_challenge') ?? '').length >= 43 &&
        (query.get('scope') ?? '').split(' ').includes('openid');
      if (!valid) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end('invalid_request');
        return;
      }
      if (!options.interactive) {
        redirectWithCode(res, query, options.person);
        return;
      }
      const hidden = [...query]
        .map(
          ([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
        )
        .join('');
      page(
        res,
        'Fake IdP sign-in',
        `<form method="post" action="/authorize">${hidden}<p><label for="email">Work e-mail</label><br><input id="email" name="email" type="email" value="${escapeHtml(query.get('login_hint') ?? '')}" required></p><p><button type="submit">Continue</button></p></form>`,
      );
      return;
    }
    if (url.pathname === '/authorize' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const email = form.get('email') ?? options.person.email;
      redirectWithCode(res, form, { ...options.person, email });
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      idp.tokenRequests += 1;
      const form = new URLSearchParams(await readBody(req));
      const basic = req.headers.authorization?.startsWith('Basic ')
        ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString('utf8').split(':')
        : null;
      const clientId = basic ? decodeURIComponent(basic[0] ?? '') : form.get('client_id');
      const secret = basic ? decodeURIComponent(basic[1] ?? '') : form.get('client_secret');
      const code = form.get('code') ?? '';
      const pending = codes.get(code);
      codes.delete(code);
      const fail = (error: string, status = 400) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error }));
      };
      if (clientId !== options.clientId || secret !== options.clientSecret)
        return fail('invalid_client', 401);
      if (form.get('grant_type') !== 'authorization_code' || !pending) return fail('invalid_grant');
      if (pending.redirectUri !== form.get('redirect_uri') || pending.clientId !== clientId) {
        return fail('invalid_grant');
      }
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== pending.challenge) {
        return fail('invalid_grant');
      }
      const now = Math.floor(Date.now() / 1000);
      const idToken = await new SignJWT({
        email: pending.person.email,
        email_verified: pending.person.emailVerified ?? true,
        name: pending.person.name,
        ...(pending.nonce ? { nonce: pending.nonce } : {}),
      })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setSubject(createHash('sha256').update(pending.person.email).digest('hex').slice(0, 24))
        .setAudience(idp.knobs.audience ?? options.clientId)
        .setIssuedAt(now - (idp.knobs.expiresInSeconds < 0 ? 600 : 0))
        .setExpirationTime(now + idp.knobs.expiresInSeconds)
        .sign(idp.knobs.signWithWrongKey ? wrong.privateKey : keys.privateKey);
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(
        JSON.stringify({
          access_token: randomBytes(16).toString('base64url'),
          token_type: 'Bearer',
          expires_in: 300,
          id_token: idToken,
        }),
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  }, options.port);
  issuer = running.url;
  idp.issuer = issuer;
  return idp;
}

// SAML 2.0.

export interface FakeSamlOptions {
  /** The IdP's entity id (Issuer of its responses). */
  entityId: string;
  person: IdpPerson;
  interactive?: boolean;
  port?: number;
}

export interface FakeSaml {
  entryPoint: string;
  entityId: string;
  /** The public key the IdP signs with, as an admin pastes it into the SSO settings. */
  publicKeyPem: string;
  knobs: { signWithWrongKey: boolean; audience: string | null; expired: boolean; unsigned: boolean };
  /** The last AuthnRequest the IdP received (its ID and where to answer). */
  lastRequest: { id: string; acsUrl: string; issuer: string } | null;
  /** Builds the signed SAMLResponse for the last request, as the IdP's page would post it. */
  responseFor(person?: IdpPerson): string;
  /** The IdP's certificate (self-signed) and its metadata XML (entity id, SSO and SLO URLs, certificate). */
  certificatePem: string;
  metadataXml(): string;
  /** Where the IdP takes LogoutRequests (HTTP-Redirect). */
  logoutUrl: string;
  /** The SP's public key, to check the signature of the LogoutRequests it receives (set by a test). */
  spSigningKey: string | null;
  /** The last LogoutRequest received from the SP, and whether its query signature was right. */
  lastLogoutRequest: {
    id: string;
    nameId: string;
    sessionIndex: string | null;
    signatureValid: boolean;
  } | null;
  logoutKnobs: { signWithWrongKey: boolean; unsigned: boolean; issuer: string | null };
  /** An IdP-initiated LogoutRequest to the SP's SLO URL (HTTP-Redirect, the query signed). */
  logoutRequestUrl(spSloUrl: string, nameId: string, sessionIndex?: string): string;
  /** The same as an HTTP-POST form body (the XML signed). */
  logoutRequestPost(spSloUrl: string, nameId: string, sessionIndex?: string): string;
  close(): Promise<void>;
}

const SAML_NS =
  'xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"';

function signAssertion(xml: string, privateKey: KeyObject): string {
  const signer = new SignedXml({
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  });
  signer.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
  });
  signer.computeSignature(xml, {
    location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
  });
  return signer.getSignedXml();
}

function signEnveloped(xml: string, privateKey: KeyObject, element: string): string {
  const signer = new SignedXml({
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  });
  signer.addReference({
    xpath: `/*[local-name(.)='${element}']`,
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
  });
  signer.computeSignature(xml, {
    location: { reference: `/*[local-name(.)='${element}']/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return signer.getSignedXml();
}

/** The HTTP-Redirect binding (saml-bindings §3.4.4.1): deflate, base64, and sign the query. */
function redirectUrl(
  target: string,
  kind: 'SAMLRequest' | 'SAMLResponse',
  xml: string,
  privateKey: KeyObject | null,
): string {
  const params: Record<string, string> = {
    [kind]: deflateRawSync(Buffer.from(xml, 'utf8')).toString('base64'),
  };
  if (privateKey) {
    params.SigAlg = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
    params.Signature = createSign('sha256').update(stringify(params)).sign(privateKey, 'base64');
  }
  return `${target}?${stringify(params)}`;
}

export async function startFakeSaml(options: FakeSamlOptions): Promise<FakeSaml> {
  const keys = rsaKeys();
  const wrong = rsaKeys();
  const logoutRequestXml = (spSloUrl: string, nameId: string, sessionIndex?: string) => {
    const esc = escapeHtml;
    return `<samlp:LogoutRequest ${SAML_NS} ID="_l${randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${esc(spSloUrl)}"><saml:Issuer>${esc(idp.logoutKnobs.issuer ?? options.entityId)}</saml:Issuer><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${esc(nameId)}</saml:NameID>${sessionIndex ? `<samlp:SessionIndex>${esc(sessionIndex)}</samlp:SessionIndex>` : ''}</samlp:LogoutRequest>`;
  };
  const logoutKey = () =>
    idp.logoutKnobs.unsigned ? null : idp.logoutKnobs.signWithWrongKey ? wrong.privateKey : keys.privateKey;
  const idp: FakeSaml = {
    certificatePem: selfSignedCertificatePem(keys, 'Fake SAML IdP'),
    metadataXml() {
      const body = idp.certificatePem.replace(/-----[A-Z ]+-----|\s/g, '');
      const redirect = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
      return `<?xml version="1.0"?><md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${escapeHtml(options.entityId)}"><md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"><md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${body}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor><md:SingleLogoutService Binding="${redirect}" Location="${escapeHtml(idp.logoutUrl)}"/><md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat><md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${escapeHtml(idp.entryPoint)}/post"/><md:SingleSignOnService Binding="${redirect}" Location="${escapeHtml(idp.entryPoint)}"/></md:IDPSSODescriptor></md:EntityDescriptor>`;
    },
    logoutUrl: '',
    spSigningKey: null,
    lastLogoutRequest: null,
    logoutKnobs: { signWithWrongKey: false, unsigned: false, issuer: null },
    logoutRequestUrl(spSloUrl, nameId, sessionIndex) {
      return redirectUrl(
        spSloUrl,
        'SAMLRequest',
        logoutRequestXml(spSloUrl, nameId, sessionIndex),
        logoutKey(),
      );
    },
    logoutRequestPost(spSloUrl, nameId, sessionIndex) {
      const xml = logoutRequestXml(spSloUrl, nameId, sessionIndex);
      const key = logoutKey();
      const signed = key ? signEnveloped(xml, key, 'LogoutRequest') : xml;
      return new URLSearchParams({ SAMLRequest: Buffer.from(signed, 'utf8').toString('base64') }).toString();
    },
    entryPoint: '',
    entityId: options.entityId,
    publicKeyPem: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    knobs: { signWithWrongKey: false, audience: null, expired: false, unsigned: false },
    lastRequest: null,
    responseFor(person = options.person) {
      const request = idp.lastRequest;
      if (!request) throw new Error('no AuthnRequest received');
      const now = Date.now();
      const instant = new Date(now).toISOString();
      const notBefore = new Date(now - 60_000).toISOString();
      const notOnOrAfter = new Date(idp.knobs.expired ? now - 1000 : now + 300_000).toISOString();
      const assertionId = `_a${randomBytes(16).toString('hex')}`;
      const esc = escapeHtml;
      const assertion = `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${instant}"><saml:Issuer>${esc(options.entityId)}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${esc(person.email)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${esc(request.id)}" NotOnOrAfter="${notOnOrAfter}" Recipient="${esc(request.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${esc(idp.knobs.audience ?? request.issuer)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${instant}" SessionIndex="${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue>${esc(person.email)}</saml:AttributeValue></saml:Attribute><saml:Attribute Name="firstName"><saml:AttributeValue>${esc(person.name.split(' ')[0] ?? '')}</saml:AttributeValue></saml:Attribute><saml:Attribute Name="lastName"><saml:AttributeValue>${esc(person.name.split(' ').slice(1).join(' '))}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement></saml:Assertion>`;
      const signed = idp.knobs.unsigned
        ? assertion
        : signAssertion(assertion, idp.knobs.signWithWrongKey ? wrong.privateKey : keys.privateKey);
      const response = `<samlp:Response ${SAML_NS} ID="_r${randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${instant}" Destination="${esc(request.acsUrl)}" InResponseTo="${esc(request.id)}"><saml:Issuer>${esc(options.entityId)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${signed}</samlp:Response>`;
      return Buffer.from(response, 'utf8').toString('base64');
    },
    close: async () => {
      await new Promise((resolve) => running.server.close(resolve));
    },
  };

  function postBack(res: ServerResponse, person: IdpPerson, relayState: string) {
    const request = idp.lastRequest;
    if (!request) throw new Error('no AuthnRequest received');
    page(
      res,
      'Fake IdP: continue',
      `<form method="post" action="${escapeHtml(request.acsUrl)}"><input type="hidden" name="SAMLResponse" value="${idp.responseFor(person)}">${relayState ? `<input type="hidden" name="RelayState" value="${escapeHtml(relayState)}">` : ''}<p>Signed in as ${escapeHtml(person.email)}.</p><p><button type="submit">Continue to Coderoom</button></p></form>`,
    );
  }

  const running = await listen(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/sso' && req.method === 'GET') {
      const encoded = url.searchParams.get('SAMLRequest') ?? '';
      const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
      const id = /\sID="([^"]+)"/.exec(xml)?.[1];
      const acsUrl = /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1];
      const issuer = /<(?:saml2?:)?Issuer[^>]*>([^<]+)</.exec(xml)?.[1];
      if (!id || !acsUrl || !issuer) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end('invalid AuthnRequest');
        return;
      }
      idp.lastRequest = { id, acsUrl: acsUrl.replace(/&amp;/g, '&'), issuer };
      const relayState = url.searchParams.get('RelayState') ?? '';
      if (!options.interactive) {
        postBack(res, options.person, relayState);
        return;
      }
      page(
        res,
        'Fake IdP sign-in',
        `<form method="post" action="/login"><input type="hidden" name="RelayState" value="${escapeHtml(relayState)}"><p><label for="email">Work e-mail</label><br><input id="email" name="email" type="email" value="${escapeHtml(url.searchParams.get('login_hint') ?? '')}" required></p><p><button type="submit">Continue</button></p></form>`,
      );
      return;
    }
    if (url.pathname === '/slo' && req.method === 'GET') {
      // The SP's LogoutRequest: checked against the SP's key, answered with a signed LogoutResponse.
      const raw = (req.url ?? '').split('?')[1] ?? '';
      const token = (name: string) => raw.split('&').find((part) => part.startsWith(`${name}=`));
      const signedPart = ['SAMLRequest', 'RelayState', 'SigAlg']
        .map(token)
        .filter((part): part is string => Boolean(part))
        .join('&');
      const signature = url.searchParams.get('Signature') ?? '';
      const signatureValid = Boolean(
        idp.spSigningKey &&
          signature &&
          verify('sha256', Buffer.from(signedPart), idp.spSigningKey, Buffer.from(signature, 'base64')),
      );
      const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString(
        'utf8',
      );
      const id = /\sID="([^"]+)"/.exec(xml)?.[1] ?? '';
      const issuer = /<(?:saml2?:)?Issuer[^>]*>([^<]+)</.exec(xml)?.[1] ?? '';
      idp.lastLogoutRequest = {
        id,
        nameId: /<(?:saml2?:)?NameID[^>]*>([^<]+)</.exec(xml)?.[1] ?? '',
        sessionIndex: /<(?:saml2?p?:)?SessionIndex[^>]*>([^<]+)</.exec(xml)?.[1] ?? null,
        signatureValid,
      };
      const spSloUrl = `${issuer}/slo`;
      const response = `<samlp:LogoutResponse ${SAML_NS} ID="_lr${randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${escapeHtml(spSloUrl)}" InResponseTo="${escapeHtml(id)}"><saml:Issuer>${escapeHtml(idp.logoutKnobs.issuer ?? options.entityId)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status></samlp:LogoutResponse>`;
      res.writeHead(302, { location: redirectUrl(spSloUrl, 'SAMLResponse', response, logoutKey()) });
      res.end();
      return;
    }
    if (url.pathname === '/login' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      postBack(
        res,
        { ...options.person, email: form.get('email') ?? options.person.email },
        form.get('RelayState') ?? '',
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  }, options.port);
  idp.entryPoint = `${running.url}/sso`;
  idp.logoutUrl = `${running.url}/slo`;
  return idp;
}
