import { createRequire } from 'node:module';
import { SsoErrors } from '@coderoom/domain';

// SAML 2.0 IdP metadata (saml-metadata-2.0-os §2.4.3): the EntityDescriptor's entityID, the
// IDPSSODescriptor's SingleSignOnService and SingleLogoutService with the HTTP-Redirect binding, and the
// signing certificate of its KeyDescriptor — what the admin would otherwise copy by hand.

// @xmldom/xmldom's own typings pull the browser DOM library into the server's build (and its fetch types
// with it), so the few calls used here are typed locally.
interface XmlElement {
  localName: string | null;
  namespaceURI: string | null;
  textContent: string | null;
  getAttribute(name: string): string | null;
  getElementsByTagNameNS(
    namespace: string,
    name: string,
  ): { length: number; item(index: number): XmlElement | null };
}
interface XmlDocument {
  documentElement: XmlElement | null;
  doctype: unknown;
}
type ErrorHandler = { warning: () => void; error: () => void; fatalError: () => void };
const { DOMParser } = createRequire(import.meta.url)('@xmldom/xmldom') as {
  DOMParser: new (options: {
    errorHandler: ErrorHandler;
  }) => {
    parseFromString(xml: string, mimeType: string): XmlDocument | undefined;
  };
};

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

export interface IdpMetadata {
  idp_issuer: string;
  entry_point: string;
  logout_url: string | null;
  idp_cert: string;
}

function children(parent: XmlElement, namespace: string, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const list = parent.getElementsByTagNameNS(namespace, name);
  for (let index = 0; index < list.length; index += 1) {
    const element = list.item(index);
    if (element) found.push(element);
  }
  return found;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** A base64 DER certificate as PEM (64 characters a line). */
function toPem(base64: string): string {
  const body = base64.replace(/\s+/g, '');
  const lines = body.match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----`;
}

export function parseIdpMetadata(xml: string): IdpMetadata | { error: string } {
  let failed = false;
  const document = new DOMParser({
    errorHandler: {
      warning: () => undefined,
      error: () => {
        failed = true;
      },
      fatalError: () => {
        failed = true;
      },
    },
  }).parseFromString(xml, 'text/xml');
  // A DOCTYPE is never part of metadata; refusing it keeps entity tricks out.
  if (failed || !document?.documentElement || document.doctype) return { error: SsoErrors.InvalidMetadata };
  const root = document.documentElement;
  const entities = [
    ...(root.localName === 'EntityDescriptor' && root.namespaceURI === MD ? [root] : []),
    ...children(root, MD, 'EntityDescriptor'),
  ];
  const entity = entities.find((candidate) => children(candidate, MD, 'IDPSSODescriptor').length > 0);
  const idp = entity ? children(entity, MD, 'IDPSSODescriptor')[0] : undefined;
  const entityId = entity?.getAttribute('entityID')?.trim() ?? '';
  if (!entity || !idp || !entityId) return { error: SsoErrors.InvalidMetadata };
  const location = (name: string) =>
    children(idp, MD, name)
      .find((service) => service.getAttribute('Binding') === REDIRECT)
      ?.getAttribute('Location')
      ?.trim() ?? '';
  const entryPoint = location('SingleSignOnService');
  if (!isHttpUrl(entryPoint)) return { error: SsoErrors.MetadataWithoutSso };
  const logoutUrl = location('SingleLogoutService');
  const keys = children(idp, MD, 'KeyDescriptor').filter((key) => {
    const use = key.getAttribute('use');
    return !use || use === 'signing';
  });
  const certificate = keys
    .flatMap((key) => children(key, DS, 'X509Certificate'))
    .map((element) => element.textContent?.trim() ?? '')
    .find((text) => text.length > 0);
  if (!certificate) return { error: SsoErrors.MetadataWithoutCertificate };
  return {
    idp_issuer: entityId,
    entry_point: entryPoint,
    logout_url: isHttpUrl(logoutUrl) ? logoutUrl : null,
    idp_cert: toPem(certificate),
  };
}
