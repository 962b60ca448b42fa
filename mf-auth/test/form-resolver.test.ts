import type { FieldValues } from 'react-hook-form';
import { domainResolver, type DomainForm } from '../src/lib/form-resolver';
import en from '../src/locales/en.json';

/** The translation key of each failing field when the domain's form schema `form` checks `values`. */
async function check(form: DomainForm, values: FieldValues): Promise<Record<string, string>> {
  const result = await domainResolver(form)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(Object.entries(result.errors).map(([k, e]) => [k, String(e?.message)]));
}
const validateRegister = (v: { nickname: string; email: string; password: string; terms: boolean }) =>
  check('RegisterForm', { ...v, newsletter: false });
const validateNewPassword = (v: { password: string; repeat: string }) => check('NewPasswordForm', v);
const validateLogin = (v: { login: string; password: string }) => check('LoginForm', v);
const validateCode = (code: string) => check('CodeForm', { code });

test('registration: the four required rules give the spec §8 messages', async () => {
  const e = await validateRegister({ nickname: ' ', email: '', password: '', terms: false });
  expect(e).toEqual({
    nickname: 'validation.nicknameRequired',
    email: 'validation.emailRequired',
    password: 'validation.passwordRequired',
    terms: 'validation.termsRequired',
  });
  expect(en.validation.nicknameRequired).toBe("Nickname hasn't been selected");
  expect(en.validation.emailRequired).toBe("Email hasn't been stated");
  expect(en.validation.passwordRequired).toBe("Password hasn't been stated");
  expect(en.validation.termsRequired).toBe('You have to agree to our Terms of Service');
});

test('registration: formats', async () => {
  expect(await validateRegister({ nickname: 'ab', email: 'x@y', password: 'short', terms: true })).toEqual({
    nickname: 'validation.nicknameInvalid',
    email: 'validation.emailInvalid',
    password: 'validation.passwordTooShort',
  });
  expect(await validateRegister({ nickname: 'Łukasz_10', email: 'l@example.pl', password: 'long enough', terms: true })).toEqual({});
});

test('new password: required ("Enter new password") and the repeat must match', async () => {
  expect(en.validation.newPasswordRequired).toBe('Enter new password');
  expect(await validateNewPassword({ password: '', repeat: '' })).toEqual({
    password: 'validation.newPasswordRequired',
    repeat: 'validation.newPasswordRequired',
  });
  expect(await validateNewPassword({ password: 'Fresh-Boots-1', repeat: 'Fresh-Boots-2' })).toEqual({
    repeat: 'validation.passwordMismatch',
  });
  expect(await validateNewPassword({ password: 'Fresh-Boots-1', repeat: 'Fresh-Boots-1' })).toEqual({});
});

test('login and code', async () => {
  expect(await validateLogin({ login: '', password: '' })).toEqual({
    login: 'validation.loginRequired',
    password: 'validation.passwordRequired',
  });
  expect(await validateCode('123 456')).toEqual({});
  expect(await validateCode('12345')).toEqual({ code: 'validation.codeInvalid' });
});

test('registration: the API rules — a name over 20 characters is too long, not cut; blank, overlong and name-like passwords', async () => {
  expect(await validateRegister({ nickname: 'x'.repeat(21), email: 'l@example.pl', password: 'long enough', terms: true })).toEqual({
    nickname: 'validation.nicknameTooLong',
  });
  expect(await validateRegister({ nickname: 'Żółć'.repeat(5), email: 'l@example.pl', password: 'long enough', terms: true })).toEqual({});
  expect(await validateRegister({ nickname: 'Striker', email: 'l@example.pl', password: '        ', terms: true })).toEqual({
    password: 'validation.passwordBlank',
  });
  expect(await validateRegister({ nickname: 'Striker', email: 'l@example.pl', password: 'x'.repeat(129), terms: true })).toEqual({
    password: 'validation.passwordTooLong',
  });
  expect(await validateRegister({ nickname: 'Striker_99', email: 'l@example.pl', password: 'STRIKER_99', terms: true })).toEqual({
    password: 'validation.passwordLikeName',
  });
  expect(await validateNewPassword({ password: '         ', repeat: '         ' })).toEqual({ password: 'validation.passwordBlank' });
  for (const key of ['nicknameTooLong', 'passwordBlank', 'passwordTooLong', 'passwordLikeName'] as const)
    expect(en.validation[key]).toBeTruthy();
});
