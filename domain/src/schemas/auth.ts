/**
 * Requests and answers of the auth domain (spec §3 user, §4 new device, §5 registration, §7
 * social login, §8 messages), and the schemas of the auth forms, which apply the same rules
 * (`../rules/account.ts`) in the page before anything is sent.
 *
 * The API's request bodies accept missing or malformed fields: the route checks them in the
 * order of spec §8 and answers the first problem translated (`NICKNAME_REQUIRED`, …), like the
 * forms do with the issue messages of the form schemas (the same codes).
 */
import { z } from 'zod';
import {
  CODE_PATTERN,
  emailProblem,
  nicknameProblem,
  normaliseCode,
  OAUTH_PROVIDERS,
  passwordProblem,
  REGISTER_PARAM_MAX_LENGTH,
  REGISTER_PARAMS,
  type RegisterParam,
} from '../rules/account.ts';
import { ErrorBody, ServerCodeSchema } from './common.ts';

// ---- requests -------------------------------------------------------------------------------

/** The FT-fingerprint cookie value (spec §3: a random 9-character id; 6–64 URL-safe characters accepted). */
export const Fingerprint = z
  .string()
  .regex(/^[A-Za-z0-9_-]{6,64}$/)
  .describe('Value of the FT-fingerprint cookie (device id)');

const param = z.string().max(REGISTER_PARAM_MAX_LENGTH).optional();
/** Register params of spec §3, each up to 128 characters. */
export const RegisterParamsSchema = z.object(
  Object.fromEntries(REGISTER_PARAMS.map((k) => [k, param])) as Record<RegisterParam, typeof param>,
);
export type RegisterParams = z.infer<typeof RegisterParamsSchema>;

/** Body of `POST /{server}/auth/register`. */
export const RegisterBody = z.object({
  nickname: z.string().max(200).optional(),
  email: z.string().max(320).optional(),
  password: z.string().max(1024).optional(),
  terms: z.boolean().optional().describe('Terms of Service and privacy policy accepted (required)'),
  newsletter: z.boolean().optional().describe('Newsletter consent (optional)'),
  params: RegisterParamsSchema.optional().describe('Register params of spec §3 (partner, click ids, referral)'),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

/** Body of `POST /{server}/auth/login`. */
export const LoginBody = z.object({
  login: z.string().max(320).optional().describe('Nickname or e-mail'),
  password: z.string().max(1024).optional(),
  fingerprint: Fingerprint.optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** Body of `POST /{server}/auth/activate` and `/auth/email/activate`. */
export const TokenBody = z.object({ token: z.string().max(256), fingerprint: Fingerprint.optional() });
export type TokenBody = z.infer<typeof TokenBody>;
/** Body of `POST /{server}/auth/device/send`. */
export const ChallengeBody = z.object({ challenge: z.string().max(128) });
/** Body of `POST /{server}/auth/device/confirm`. */
export const ConfirmBody = z.object({ challenge: z.string().max(128), code: z.string().max(32), fingerprint: Fingerprint.optional() });
/** Body of `POST /{server}/auth/password/forgot`. */
export const ForgotBody = z.object({ email: z.string().max(320).optional() });
/** Body of `POST /{server}/auth/password/reset`. */
export const ResetBody = z.object({
  token: z.string().max(256),
  password: z.string().max(1024).optional(),
  fingerprint: Fingerprint.optional(),
});
/** Body of `POST /{server}/auth/email/change`. */
export const EmailChangeBody = z.object({
  email: z.string().max(320).optional(),
  password: z.string().max(1024).optional().describe('The current password (accounts with a password)'),
  code: z.string().max(32).optional().describe('Accounts without a password: the 6-digit code mailed to the current address'),
});
/** Kinds of e-mailed token `POST /{server}/auth/token/check` knows. */
export const TOKEN_CHECK_KINDS = ['account', 'email', 'password'] as const;
/** Body of `POST /{server}/auth/token/check`. */
export const TokenCheckBody = z.object({ kind: z.enum(TOKEN_CHECK_KINDS), token: z.string().max(256) });
export type TokenCheckKind = (typeof TOKEN_CHECK_KINDS)[number];

/** Path of `/{server}/auth/oauth/{provider}/start`. */
export const OAuthProvider = z.enum(OAUTH_PROVIDERS);
/** Body of `POST /{server}/auth/oauth/{provider}/start`. */
export const OAuthStartBody = z.object({
  redirectUri: z
    .string()
    .max(512)
    .describe('The site page the provider returns to: <origin>/auth/{provider}/callback or <origin>/auth_callback'),
});
/**
 * Body of `POST /{server}/auth/{provider}` (the popup's authorization code). `fingerprint` binds
 * the challenge of a link to an existing account (403 UNAUTHORIZED_DEVICE with `link`) to this device.
 */
export const OAuthExchangeBody = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(256),
  fingerprint: Fingerprint.optional(),
});

// ---- answers --------------------------------------------------------------------------------

/** User object of spec §3. */
export const UserSchema = z
  .object({
    id: z.string().describe('Account id (also `uid` / X-Auth-Id)'),
    nickname: z.string(),
    email: z.string().nullable(),
    ovr: z.number().int().describe('Overall rating of the footballer'),
    server: ServerCodeSchema,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

/** Answer of every successful login: what `saveSession(server, { token, uid, expiresAt }, user)` needs. */
export const LoginAnswer = z
  .object({
    token: z.string().describe('Session token (send as X-Auth-Token)'),
    uid: z.string().describe('Account id (send as X-Auth-Id)'),
    expiresAt: z.string().describe('ISO date-time the session ends'),
    user: UserSchema,
    message: z.string().optional(),
  })
  .meta({ id: 'LoginAnswer' });
export type LoginAnswer = z.infer<typeof LoginAnswer>;

/** `{ ok: true, message }`: the translated message to show (spec §8). */
export const MessageAnswer = z.object({ ok: z.literal(true), message: z.string() }).meta({ id: 'MessageAnswer' });
export type MessageAnswer = z.infer<typeof MessageAnswer>;

/** Answer of `POST /{server}/auth/device/send`. */
export const CodeSentAnswer = MessageAnswer.extend({ email: z.string(), resendAfterS: z.number().int(), codeTtlS: z.number().int() });
export type CodeSentAnswer = z.infer<typeof CodeSentAnswer>;
/** Answer of `POST /{server}/auth/email/change`. */
export const EmailChangeAnswer = MessageAnswer.extend({ code_required: z.boolean().optional() });
/** Answer of `POST /{server}/auth/email/activate`. */
export const EmailActivatedAnswer = MessageAnswer.extend({ email: z.string() });
export type EmailActivatedAnswer = z.infer<typeof EmailActivatedAnswer>;
/** Answer of `POST /{server}/auth/token/check`. */
export const TokenCheckAnswer = z.object({ valid: z.boolean() });
export type TokenCheckAnswer = z.infer<typeof TokenCheckAnswer>;
/** Answer of `GET /{server}/auth/me`. */
export const MeAnswer = z.object({ user: UserSchema });
export type MeAnswer = z.infer<typeof MeAnswer>;

/** Answer of `GET /{server}/auth/providers`. */
export const ProvidersAnswer = z.object({ providers: z.array(z.object({ id: OAuthProvider, enabled: z.boolean() })) });
export type ProvidersAnswer = z.infer<typeof ProvidersAnswer>;
/** Answer of `POST /{server}/auth/oauth/{provider}/start`. */
export const OAuthStartAnswer = z.object({ authorizeUrl: z.string(), state: z.string() });
export type OAuthStartAnswer = z.infer<typeof OAuthStartAnswer>;

/** 403 of a login from an unknown device (spec §4, §8) with the challenge the code is bound to. */
export const DeviceChallengeBody = ErrorBody.extend({
  challenge: z.string().optional().describe('Id of the login attempt: send it to /auth/device/send and /auth/device/confirm'),
  email: z.string().optional().describe('Masked e-mail the code goes to'),
  link: OAuthProvider.optional().describe(
    'Set when a social login found an existing account with its e-mail: the code links this provider to that account',
  ),
}).meta({ id: 'DeviceChallengeError' });
export type DeviceChallengeBody = z.infer<typeof DeviceChallengeBody>;

// ---- forms ----------------------------------------------------------------------------------
// Issue messages are the API's error codes (NICKNAME_TOO_LONG, …): each form translates them.

/** Adds the problem a rule function found as an issue of `path`. */
function problem(ctx: z.core.$RefinementCtx, path: string, code: string | null): void {
  if (code) ctx.addIssue({ code: 'custom', path: [path], message: code });
}

/** The registration form (spec §5): player name, e-mail, password and the terms are required. */
export const RegisterForm = z
  .object({ nickname: z.string(), email: z.string(), password: z.string(), terms: z.boolean(), newsletter: z.boolean() })
  .superRefine((v, ctx) => {
    problem(ctx, 'nickname', nicknameProblem(v.nickname));
    const email = emailProblem(v.email);
    problem(ctx, 'email', email);
    problem(ctx, 'password', passwordProblem(v.password, { nickname: v.nickname.trim(), email: v.email.trim().toLowerCase() }));
    if (!v.terms) problem(ctx, 'terms', 'TERMS_REQUIRED');
  });
export type RegisterForm = z.infer<typeof RegisterForm>;

/** The login form: a nickname or an e-mail, and the password. */
export const LoginForm = z.object({
  login: z.string().refine((v) => v.trim() !== '', 'LOGIN_REQUIRED'),
  password: z.string().refine((v) => v !== '', 'PASSWORD_REQUIRED'),
});
export type LoginForm = z.infer<typeof LoginForm>;

/** The password-recovery form: the account's e-mail. */
export const RecoveryForm = z.object({ email: z.string() }).superRefine((v, ctx) => problem(ctx, 'email', emailProblem(v.email)));
export type RecoveryForm = z.infer<typeof RecoveryForm>;

/**
 * The new-password form (spec §5 leaves the match rule open; decision in mf-auth/README.md): the
 * password rules (the name check is the API's, which knows the account), and the repeat must be
 * the same. A missing password or repeat is `NEW_PASSWORD_REQUIRED`.
 */
export const NewPasswordForm = z.object({ password: z.string(), repeat: z.string() }).superRefine((v, ctx) => {
  const password = passwordProblem(v.password);
  problem(ctx, 'password', password === 'PASSWORD_REQUIRED' ? 'NEW_PASSWORD_REQUIRED' : password);
  if (!v.repeat) problem(ctx, 'repeat', 'NEW_PASSWORD_REQUIRED');
  else if (v.password && v.repeat !== v.password) problem(ctx, 'repeat', 'PASSWORD_MISMATCH');
});
export type NewPasswordForm = z.infer<typeof NewPasswordForm>;

/** The e-mailed 6-digit code (white space ignored). */
export const CodeForm = z.object({ code: z.string().refine((v) => CODE_PATTERN.test(normaliseCode(v)), 'CODE_INVALID') });
export type CodeForm = z.infer<typeof CodeForm>;
