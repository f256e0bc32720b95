import type {
  SamlMetadataResponse,
  ScimTokenResponse,
  SsoConfigRequest,
  SsoConfigResponse,
} from '@coderoom/contracts';
import { ErrorMessages, LoginMethod, SsoProtocol } from '@coderoom/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { PageLoading } from '../../../ui/PageLoading';
import { TextField } from '../../../ui/TextField';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { organizationKeys } from '../api/organizationKeys';

// The admin's single sign-on page: the identity provider (OIDC or SAML), the e-mail domains it signs in,
// the organization's login method and the SCIM token (docs/organizations.md).

const messageOf = (error: unknown) => (error instanceof Error ? error.message : ErrorMessages.DefaultFailure);
type Status = { tone: 'success' | 'error'; text: string } | null;

function useSsoConfig(organizationId: number) {
  return useQuery({
    queryKey: [...organizationKeys.of(organizationId), 'sso'],
    queryFn: () =>
      apiRequest('GET', `/api/organization/${organizationId}/sso-config`, responseOf<SsoConfigResponse>()),
  });
}

function Copyable({ label, value }: { label: string; value: string }) {
  return (
    <div className="sso-copy">
      <dt>{label}</dt>
      <dd>
        <code>{value}</code>
      </dd>
    </div>
  );
}

export function SingleSignOn({ organizationId }: { organizationId: number }) {
  const sso = useSsoConfig(organizationId);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: organizationKeys.of(organizationId) });
  const [protocol, setProtocol] = useState<SsoProtocol>(SsoProtocol.Oidc);
  const [domains, setDomains] = useState('');
  const [issuer, setIssuer] = useState('');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [entryPoint, setEntryPoint] = useState('');
  const [idpIssuer, setIdpIssuer] = useState('');
  const [idpCert, setIdpCert] = useState('');
  const [logoutUrl, setLogoutUrl] = useState('');
  const [metadataXml, setMetadataXml] = useState('');
  const [metadataStatus, setMetadataStatus] = useState<Status>(null);
  const [status, setStatus] = useState<Status>(null);
  const [methodStatus, setMethodStatus] = useState<Status>(null);
  const [scimToken, setScimToken] = useState<ScimTokenResponse | null>(null);
  const certId = useId();
  const metadataId = useId();
  const metadataFileId = useId();
  const methodId = useId();
  const protocolName = useId();

  const config = sso.data?.config;
  useEffect(() => {
    if (!config) return;
    setProtocol(config.protocol);
    setDomains(config.email_domains.join(', '));
    setIssuer(config.oidc?.issuer ?? '');
    setClientId(config.oidc?.client_id ?? '');
    setEntryPoint(config.saml?.entry_point ?? '');
    setIdpIssuer(config.saml?.idp_issuer ?? '');
    setLogoutUrl(config.saml?.logout_url ?? '');
  }, [config]);

  const save = useMutation({
    mutationFn: (input: SsoConfigRequest) =>
      apiRequest(
        'PUT',
        `/api/organization/${organizationId}/sso-config`,
        responseOf<SsoConfigResponse>(),
        input,
      ),
    onSettled: refresh,
  });
  const setMethod = useMutation({
    mutationFn: (login_method: string) =>
      apiRequest(
        'PUT',
        `/api/organization/${organizationId}/login-method`,
        responseOf<{ login_method: string }>(),
        {
          login_method,
        },
      ),
    onSettled: refresh,
  });
  const readMetadata = useMutation({
    mutationFn: (metadata_xml: string) =>
      apiRequest(
        'POST',
        `/api/organization/${organizationId}/sso-config/saml-metadata`,
        responseOf<SamlMetadataResponse>(),
        { metadata_xml },
      ),
  });
  const issueToken = useMutation({
    mutationFn: () =>
      apiRequest(
        'POST',
        `/api/organization/${organizationId}/scim-token`,
        responseOf<ScimTokenResponse>(),
        {},
      ),
    onSettled: refresh,
  });

  if (sso.isPending) return <PageLoading label="Loading single sign-on" />;
  if (sso.isError) return <FormMessage tone="error">{messageOf(sso.error)}</FormMessage>;
  const data = sso.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const email_domains = domains
      .split(/[\s,;]+/)
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean);
    const input: SsoConfigRequest =
      protocol === SsoProtocol.Oidc
        ? {
            protocol,
            email_domains,
            issuer: issuer.trim(),
            client_id: clientId.trim(),
            ...(clientSecret ? { client_secret: clientSecret } : {}),
          }
        : {
            protocol,
            email_domains,
            entry_point: entryPoint.trim(),
            idp_issuer: idpIssuer.trim(),
            idp_cert: idpCert,
            logout_url: logoutUrl.trim() || null,
          };
    save.mutate(input, {
      onSuccess: () => {
        setClientSecret('');
        setIdpCert('');
        setStatus({ tone: 'success', text: 'Single sign-on saved.' });
      },
      onError: (error) => setStatus({ tone: 'error', text: messageOf(error) }),
    });
  };

  const importMetadata = () => {
    setMetadataStatus(null);
    readMetadata.mutate(metadataXml, {
      onSuccess: (read) => {
        setEntryPoint(read.entry_point);
        setIdpIssuer(read.idp_issuer);
        setIdpCert(read.idp_cert);
        setLogoutUrl(read.logout_url ?? '');
        setMetadataStatus({ tone: 'success', text: 'Metadata read: check the fields below and save.' });
      },
      onError: (error) => setMetadataStatus({ tone: 'error', text: messageOf(error) }),
    });
  };
  const chooseMetadataFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    void file.text().then(setMetadataXml);
  };

  return (
    <>
      <section aria-labelledby="sso-heading" className="org-section sso-section">
        <h2 id="sso-heading">Identity provider</h2>
        <p className="muted">
          People whose work e-mail is in these domains sign in with “Sign in with SSO” on the login page.
          Someone new joins the organization as a member on their first sign-in, while seats last.
        </p>
        <form className="org-form" onSubmit={submit} noValidate>
          {status && <FormMessage tone={status.tone}>{status.text}</FormMessage>}
          <fieldset className="sso-protocol">
            <legend>Protocol</legend>
            {[
              { value: SsoProtocol.Oidc, label: 'OpenID Connect (Google, Azure AD, Okta OIDC)' },
              { value: SsoProtocol.Saml, label: 'SAML 2.0 (Okta, ADFS)' },
            ].map((option) => (
              <label key={option.value} className="radio">
                <input
                  type="radio"
                  name={protocolName}
                  value={option.value}
                  checked={protocol === option.value}
                  onChange={() => setProtocol(option.value)}
                />{' '}
                {option.label}
              </label>
            ))}
          </fieldset>
          <TextField
            label="E-mail domains"
            hint="Comma-separated, such as example.com"
            value={domains}
            onChange={(event) => setDomains(event.target.value)}
            required
          />
          {protocol === SsoProtocol.Oidc ? (
            <>
              <TextField
                label="Issuer URL"
                type="url"
                value={issuer}
                onChange={(event) => setIssuer(event.target.value)}
                required
              />
              <TextField
                label="Client ID"
                value={clientId}
                onChange={(event) => setClientId(event.target.value)}
                required
              />
              <TextField
                label="Client secret"
                type="password"
                autoComplete="off"
                hint={
                  config?.oidc?.has_client_secret ? 'A secret is saved; leave empty to keep it.' : undefined
                }
                value={clientSecret}
                onChange={(event) => setClientSecret(event.target.value)}
              />
            </>
          ) : (
            <>
              <fieldset className="sso-metadata">
                <legend>Import IdP metadata (optional)</legend>
                {metadataStatus && (
                  <FormMessage tone={metadataStatus.tone}>{metadataStatus.text}</FormMessage>
                )}
                <div className="field">
                  <label htmlFor={metadataId}>Metadata XML</label>
                  <textarea
                    id={metadataId}
                    rows={4}
                    value={metadataXml}
                    onChange={(event) => setMetadataXml(event.target.value)}
                    placeholder="<md:EntityDescriptor …>"
                  />
                </div>
                <div className="field">
                  <label htmlFor={metadataFileId}>Or upload the metadata file</label>
                  <input
                    id={metadataFileId}
                    type="file"
                    accept=".xml,text/xml,application/xml"
                    onChange={chooseMetadataFile}
                  />
                </div>
                <Button
                  type="button"
                  variant="secondary"
                  busy={readMetadata.isPending}
                  disabled={!metadataXml.trim()}
                  onClick={importMetadata}
                >
                  Read metadata
                </Button>
              </fieldset>
              <TextField
                label="IdP sign-in URL"
                type="url"
                value={entryPoint}
                onChange={(event) => setEntryPoint(event.target.value)}
                required
              />
              <TextField
                label="IdP entity ID (issuer)"
                value={idpIssuer}
                onChange={(event) => setIdpIssuer(event.target.value)}
                required
              />
              <div className="field">
                <label htmlFor={certId}>IdP signing certificate (PEM)</label>
                <textarea
                  id={certId}
                  rows={5}
                  value={idpCert}
                  onChange={(event) => setIdpCert(event.target.value)}
                  placeholder={
                    config?.saml?.has_idp_cert ? 'A certificate is saved; paste it again to change' : ''
                  }
                />
              </div>
              <TextField
                label="IdP single logout URL (optional)"
                type="url"
                hint="Signing out then signs out at the identity provider too."
                value={logoutUrl}
                onChange={(event) => setLogoutUrl(event.target.value)}
              />
            </>
          )}
          <Button type="submit" busy={save.isPending}>
            Save single sign-on
          </Button>
        </form>
        <h3>For your identity provider</h3>
        <dl className="sso-values">
          {protocol === SsoProtocol.Oidc ? (
            <Copyable label="Redirect URI" value={data.service_provider.oidc_redirect_uri} />
          ) : (
            <>
              <Copyable label="ACS URL" value={data.service_provider.saml_acs_url} />
              <Copyable label="SP entity ID (audience)" value={data.service_provider.saml_entity_id} />
              <Copyable label="Single logout URL" value={data.service_provider.saml_slo_url} />
              {data.service_provider.saml_sp_signing_key && (
                <Copyable
                  label="SP signing key (logout messages)"
                  value={data.service_provider.saml_sp_signing_key}
                />
              )}
            </>
          )}
        </dl>
      </section>

      <section aria-labelledby="method-heading" className="org-section sso-section">
        <h2 id="method-heading">Login method</h2>
        {methodStatus && <FormMessage tone={methodStatus.tone}>{methodStatus.text}</FormMessage>}
        <div className="field">
          <label htmlFor={methodId}>Members sign in with</label>
          <select
            id={methodId}
            value={data.login_method}
            disabled={setMethod.isPending}
            onChange={(event) =>
              setMethod.mutate(event.target.value, {
                onSuccess: () => setMethodStatus({ tone: 'success', text: 'Login method saved.' }),
                onError: (error) => setMethodStatus({ tone: 'error', text: messageOf(error) }),
              })
            }
          >
            <option value={LoginMethod.Password}>Password</option>
            <option value={LoginMethod.Both}>Password or single sign-on</option>
            <option value={LoginMethod.Sso}>Single sign-on only</option>
          </select>
        </div>
      </section>

      <section aria-labelledby="scim-heading" className="org-section sso-section">
        <h2 id="scim-heading">Provisioning (SCIM 2.0)</h2>
        <p className="muted">
          Your identity provider adds and deactivates members through SCIM with a bearer token. A new token
          replaces the previous one at once.
        </p>
        <dl className="sso-values">
          <Copyable label="SCIM base URL" value={data.service_provider.scim_base_url} />
        </dl>
        {scimToken && (
          <FormMessage tone="success">
            Copy this token now, it is not shown again: <code className="sso-token">{scimToken.token}</code>
          </FormMessage>
        )}
        {issueToken.isError && <FormMessage tone="error">{messageOf(issueToken.error)}</FormMessage>}
        <Button
          type="button"
          variant="secondary"
          busy={issueToken.isPending}
          onClick={() => issueToken.mutate(undefined, { onSuccess: setScimToken })}
        >
          {data.has_scim_token ? 'Replace SCIM token' : 'Create SCIM token'}
        </Button>
      </section>
    </>
  );
}
