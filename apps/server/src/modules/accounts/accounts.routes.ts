import {
  ChecklistRequestSchema,
  DarkModeRequestSchema,
  EmptyBodySchema,
  EnterpriseNavigationRequestSchema,
  LoginRequestSchema,
  NamesAndProfilePicsRequestSchema,
  PasswordChangeRequestSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  SetTwoFactorRequestSchema,
  SignupRequestSchema,
  TutorialStatusRequestSchema,
  type UserInfo,
  VerifyTotpRequestSchema,
  ViewedFlagsRequestSchema,
} from '@coderoom/contracts';
import { themeChoiceForAccount } from '@coderoom/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clearSessionCookies, setSessionCookies, setThemeCookie } from '../../platform/auth/cookies.js';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import { AccountErrors } from './accounts.errors.js';
import type { AccountsService, ClientInfo } from './accounts.service.js';

const ok = { ok: true } as const;

/** A new session also carries the account's theme, so the next page paints in it from the first frame. */
function startSession(request: FastifyRequest, reply: FastifyReply, token: string, user: UserInfo): void {
  setSessionCookies(request, reply, token);
  setThemeCookie(request, reply, themeChoiceForAccount(user));
}

function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}

export function registerAccountsRoutes(app: FastifyInstance, accounts: AccountsService): void {
  app.get('/api/user/info', async (request) => accounts.getUserInfo(requireUser(request)));

  app.post('/api/user/signup', async (request, reply) => {
    const input = parseInput(SignupRequestSchema, request.body);
    const result = await accounts.signup(input, clientOf(request));
    startSession(request, reply, result.sessionToken, result.user);
    return reply.status(201).send(result.user);
  });

  app.post('/api/user/login', async (request, reply) => {
    const input = parseInput(LoginRequestSchema, request.body);
    const result = await accounts.login(input, clientOf(request));
    if ('pendingTwoFactorToken' in result) {
      setSessionCookies(request, reply, result.pendingTwoFactorToken);
      throw AccountErrors.qrCodeRequired();
    }
    startSession(request, reply, result.sessionToken, result.user);
    return result.user;
  });

  app.post('/api/user/logout', async (request, reply) => {
    parseInput(EmptyBodySchema, request.body);
    await accounts.logout(request.auth);
    clearSessionCookies(request, reply);
    return ok;
  });

  app.post('/api/user/password-reset/request', async (request) => {
    const input = parseInput(PasswordResetRequestSchema, request.body);
    await accounts.requestPasswordReset(input.email, clientOf(request));
    return ok;
  });

  app.post('/api/user/password-reset/confirm', async (request, reply) => {
    const input = parseInput(PasswordResetConfirmSchema, request.body);
    const result = await accounts.confirmPasswordReset(input, clientOf(request));
    startSession(request, reply, result.sessionToken, result.user);
    return result.user;
  });

  app.post('/api/user/password', async (request) => {
    const auth = requireUser(request);
    await accounts.changePassword(auth, parseInput(PasswordChangeRequestSchema, request.body));
    return ok;
  });

  app.post('/api/userdata/darkmode', async (request, reply) => {
    const auth = requireUser(request);
    const input = parseInput(DarkModeRequestSchema, request.body);
    await accounts.setTheme(auth, input);
    setThemeCookie(request, reply, input.frontend_theme);
    return ok;
  });

  app.put('/api/user/checklist', async (request) =>
    accounts.updateChecklist(requireUser(request), parseInput(ChecklistRequestSchema, request.body)),
  );

  app.post('/api/user/onboarding/tutorial-status', async (request) => {
    const auth = requireUser(request);
    await accounts.setTutorialStatus(auth, parseInput(TutorialStatusRequestSchema, request.body).status);
    return ok;
  });

  app.post('/api/userdata/enterprise-navigation', async (request) => {
    const auth = requireUser(request);
    const input = parseInput(EnterpriseNavigationRequestSchema, request.body);
    await accounts.setEnterpriseNavigation(auth, input.enable_new_nav_b2b);
    return ok;
  });

  app.put('/api/user/viewed-flags', async (request) =>
    accounts.markViewedFlags(requireUser(request), parseInput(ViewedFlagsRequestSchema, request.body).flags),
  );

  app.post('/api/user/names-and-profile-pics', async (request) => {
    requireUser(request);
    const input = parseInput(NamesAndProfilePicsRequestSchema, request.body);
    return { users: await accounts.namesAndProfilePics(input.user_ids) };
  });

  // The spec's GET shows the QR code; a new secret is a state change, so only POST makes one.
  app.get('/api/user/qrcode', async (request) =>
    accounts.readQrCode(requireUser(request, { allowPendingTwoFactor: true })),
  );

  app.post('/api/user/qrcode', async (request) => {
    const auth = requireUser(request, { allowPendingTwoFactor: true });
    parseInput(EmptyBodySchema, request.body);
    return accounts.createQrCode(auth);
  });

  app.post('/api/user/verify-totp', async (request) =>
    accounts.verifyTotpSetup(
      requireUser(request, { allowPendingTwoFactor: true }),
      parseInput(VerifyTotpRequestSchema, request.body).totp,
    ),
  );

  app.put('/api/editorial/user/set-two-factor', async (request) =>
    accounts.setTwoFactor(requireUser(request), parseInput(SetTwoFactorRequestSchema, request.body)),
  );
}
