import { startFakeOidc, startFakeSaml } from '../../apps/server/src/test/fakeIdentityProviders';
import { expect, type Page, test } from './fixtures';
import { logInInNewContext } from './helpers';
import { checkScreen } from './screens';

// Single sign-on for Acme Robotics (the seeded organization): its admin sets up an identity provider on
// /enterprise-dashboard/single-sign-on, and a new hire who never had an account signs in with "Sign in with
// SSO" on the login page, through the IdP's own page, and lands signed in as a member. The IdPs are real
// HTTP servers on 127.0.0.1 started by this test (apps/server/src/test/fakeIdentityProviders.ts).

async function userInfo(page: Page) {
  const answer = await page.request.get('/api/user/info');
  expect(answer.status()).toBe(200);
  return answer.json();
}

async function startSso(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: 'Continue with SSO' }).click();
  await expect(page.getByRole('heading', { name: 'Fake IdP sign-in' })).toBeVisible();
}

test('OIDC: the admin sets up single sign-on; a new hire signs in with SSO and is a member', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const idp = await startFakeOidc({
    clientId: 'coderoom-e2e',
    clientSecret: 'e2e-client-secret',
    person: { email: 'noor@acme-robotics.test', name: 'Noor Newhire' },
    interactive: true,
  });
  try {
    const admin = await logInInNewContext(browser, 'orgadmin@coderoom.dev', '/learn/home');
    await admin.goto('/enterprise-dashboard/single-sign-on');
    await expect(admin.getByRole('heading', { level: 1, name: 'Single sign-on' })).toBeVisible();
    await admin.getByRole('radio', { name: /OpenID Connect/ }).check();
    await admin.getByLabel('E-mail domains').fill('acme-robotics.test');
    await admin.getByLabel('Issuer URL').fill(idp.issuer);
    await admin.getByLabel('Client ID').fill('coderoom-e2e');
    await admin.getByLabel('Client secret').fill('e2e-client-secret');
    await admin.getByRole('button', { name: 'Save single sign-on' }).click();
    await expect(admin.getByText('Single sign-on saved.')).toBeVisible();
    await expect(admin.getByText('A secret is saved; leave empty to keep it.')).toBeVisible();
    await admin.getByLabel('Members sign in with').selectOption({ label: 'Password or single sign-on' });
    await expect(admin.getByText('Login method saved.')).toBeVisible();
    await checkScreen(admin, 'sso-settings', async () => {
      await expect(admin.getByRole('heading', { name: 'Provisioning (SCIM 2.0)' })).toBeVisible();
    });

    // The login page's SSO form, at both widths.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with SSO' }).click();
    await checkScreen(page, 'sso-login', async () => {
      await expect(page.getByLabel('Work e-mail')).toBeVisible();
    });

    // A new hire: no account yet. The IdP's page asks who they are; back here they are signed in.
    await startSso(page, 'noor@acme-robotics.test');
    await expect(page.getByLabel('Work e-mail')).toHaveValue('noor@acme-robotics.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    const info = await userInfo(page);
    expect(info.email).toBe('noor@acme-robotics.test');
    expect(info.full_name).toBe('Noor Newhire');
    const acme = info.enterprise.organizations.find(
      (entry: { name: string }) => entry.name === 'Acme Robotics',
    );
    expect(acme).toMatchObject({ role: 7002 });

    // Someone outside the organization's domains is turned back with the reason.
    const stranger = await (await browser.newContext()).newPage();
    await startSso(stranger, 'noor@acme-robotics.test');
    await stranger.getByLabel('Work e-mail').fill('eve@elsewhere.test');
    await stranger.getByRole('button', { name: 'Continue' }).click();
    await expect(stranger).toHaveURL(/\/login\?sso_error=domain$/);
    await expect(
      stranger.getByText('Your e-mail address does not belong to this organization.'),
    ).toBeVisible();
    expect((await stranger.request.get('/api/user/info')).status()).toBe(401);

    // An address no organization signs in with SSO.
    await stranger.goto('/login');
    await stranger.getByRole('button', { name: 'Sign in with SSO' }).click();
    await stranger.getByLabel('Work e-mail').fill('someone@nowhere.test');
    await stranger.getByRole('button', { name: 'Continue with SSO' }).click();
    await expect(stranger.getByText('Single sign-on is not set up for this e-mail address.')).toBeVisible();
  } finally {
    await idp.close();
  }
});

test('SAML: the admin switches to a SAML IdP; a new hire signs in through the posted assertion', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const idp = await startFakeSaml({
    entityId: 'http://idp.acme-robotics.test/saml',
    person: { email: 'sam@acme-robotics.test', name: 'Sam Saml' },
    interactive: true,
  });
  try {
    const admin = await logInInNewContext(browser, 'orgadmin@coderoom.dev', '/learn/home');
    await admin.goto('/enterprise-dashboard/single-sign-on');
    await admin.getByRole('radio', { name: /SAML 2.0/ }).check();
    await admin.getByLabel('E-mail domains').fill('acme-robotics.test');
    // The IdP's metadata fills the SAML fields (sign-in URL, entity id, certificate, logout URL).
    await admin.getByLabel('Metadata XML').fill(idp.metadataXml());
    await admin.getByRole('button', { name: 'Read metadata' }).click();
    await expect(admin.getByText('Metadata read: check the fields below and save.')).toBeVisible();
    await expect(admin.getByLabel('IdP sign-in URL')).toHaveValue(idp.entryPoint);
    await expect(admin.getByLabel('IdP entity ID (issuer)')).toHaveValue(idp.entityId);
    await expect(admin.getByLabel('IdP single logout URL (optional)')).toHaveValue(idp.logoutUrl);
    await expect(admin.getByLabel('IdP signing certificate (PEM)')).toHaveValue(idp.certificatePem);
    await admin.getByRole('button', { name: 'Save single sign-on' }).click();
    await expect(admin.getByText('Single sign-on saved.')).toBeVisible();
    await expect(admin.getByText('ACS URL')).toBeVisible();
    await expect(admin.getByText('Single logout URL', { exact: true })).toBeVisible();
    await checkScreen(admin, 'sso-settings-saml', async () => {
      await expect(admin.getByText('SP signing key (logout messages)')).toBeVisible();
    });

    // The new hire arrived from a campaign link; after the SSO sign-up the app records where from.
    await page.goto('/?utm_source=okta-e2e&utm_campaign=sso-rollout');
    await startSso(page, 'sam@acme-robotics.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Fake IdP: continue' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue to Coderoom' }).click();
    await expect(page).not.toHaveURL(/\/login|127\.0\.0\.1:\d+\/login/);
    await expect(page).not.toHaveURL(new RegExp(idp.entryPoint.replace('/sso', '')));
    const info = await userInfo(page);
    expect(info.email).toBe('sam@acme-robotics.test');
    expect(info.enterprise.organizations.map((entry: { name: string }) => entry.name)).toContain(
      'Acme Robotics',
    );
    await expect(page).not.toHaveURL(/sso_signup/);
    await expect
      .poll(async () => (await (await page.request.get('/api/user/utm')).json()).utm?.utm_source ?? null)
      .toBe('okta-e2e');

    // Logging out signs out at the IdP too (SP-initiated single logout) and comes back signed out.
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect.poll(() => idp.lastLogoutRequest?.nameId ?? null).toBe('sam@acme-robotics.test');
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/(login)?$/);
    expect((await page.request.get('/api/user/info')).status()).toBe(401);
  } finally {
    await idp.close();
  }
});
