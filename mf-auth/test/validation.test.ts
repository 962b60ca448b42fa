import { validateCode, validateLogin, validateNewPassword, validateRegister } from '../src/lib/validation';
import en from '../src/locales/en.json';

test('registration: the four required rules give the spec §8 messages', () => {
  const e = validateRegister({ nickname: ' ', email: '', password: '', terms: false });
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

test('registration: formats', () => {
  expect(validateRegister({ nickname: 'ab', email: 'x@y', password: 'short', terms: true })).toEqual({
    nickname: 'validation.nicknameInvalid',
    email: 'validation.emailInvalid',
    password: 'validation.passwordTooShort',
  });
  expect(validateRegister({ nickname: 'Łukasz_10', email: 'l@example.pl', password: 'long enough', terms: true })).toEqual({});
});

test('new password: required ("Enter new password") and the repeat must match', () => {
  expect(en.validation.newPasswordRequired).toBe('Enter new password');
  expect(validateNewPassword({ password: '', repeat: '' })).toEqual({
    password: 'validation.newPasswordRequired',
    repeat: 'validation.newPasswordRequired',
  });
  expect(validateNewPassword({ password: 'Fresh-Boots-1', repeat: 'Fresh-Boots-2' })).toEqual({ repeat: 'validation.passwordMismatch' });
  expect(validateNewPassword({ password: 'Fresh-Boots-1', repeat: 'Fresh-Boots-1' })).toEqual({});
});

test('login and code', () => {
  expect(validateLogin({ login: '', password: '' })).toEqual({
    login: 'validation.loginRequired',
    password: 'validation.passwordRequired',
  });
  expect(validateCode('123 456')).toEqual({});
  expect(validateCode('12345')).toEqual({ code: 'validation.codeInvalid' });
});

test('registration: the API rules — a name over 20 characters is too long, not cut; blank, overlong and name-like passwords', () => {
  expect(validateRegister({ nickname: 'x'.repeat(21), email: 'l@example.pl', password: 'long enough', terms: true })).toEqual({
    nickname: 'validation.nicknameTooLong',
  });
  expect(validateRegister({ nickname: 'Żółć'.repeat(5), email: 'l@example.pl', password: 'long enough', terms: true })).toEqual({});
  expect(validateRegister({ nickname: 'Striker', email: 'l@example.pl', password: '        ', terms: true })).toEqual({
    password: 'validation.passwordBlank',
  });
  expect(validateRegister({ nickname: 'Striker', email: 'l@example.pl', password: 'x'.repeat(129), terms: true })).toEqual({
    password: 'validation.passwordTooLong',
  });
  expect(validateRegister({ nickname: 'Striker_99', email: 'l@example.pl', password: 'STRIKER_99', terms: true })).toEqual({
    password: 'validation.passwordLikeName',
  });
  expect(validateNewPassword({ password: '         ', repeat: '         ' })).toEqual({ password: 'validation.passwordBlank' });
  for (const key of ['nicknameTooLong', 'passwordBlank', 'passwordTooLong', 'passwordLikeName'] as const)
    expect(en.validation[key]).toBeTruthy();
});
