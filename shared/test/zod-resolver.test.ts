import { z } from 'zod';
import { lazyZodResolver } from '../src/forms/zod-resolver';

const Contact = z.object({ name: z.string().trim().min(1), message: z.string().max(5) });
type ContactValues = z.infer<typeof Contact>;
const OPTIONS = { fields: {}, shouldUseNativeValidation: false };

test('loads the schema at the first check, once, and gives the schema output when valid', async () => {
  const load = jest.fn(async () => Contact);
  const resolve = lazyZodResolver<ContactValues>(load);
  expect(load).not.toHaveBeenCalled();
  const first = await resolve({ name: ' Ann ', message: 'hi' }, undefined, OPTIONS);
  await resolve({ name: 'Bob', message: 'yo' }, undefined, OPTIONS);
  expect(first).toEqual({ values: { name: 'Ann', message: 'hi' }, errors: {} });
  expect(load).toHaveBeenCalledTimes(1);
});

test('raw keeps the values as typed', async () => {
  const resolve = lazyZodResolver<ContactValues>(async () => Contact, { raw: true });
  expect((await resolve({ name: ' Ann ', message: 'hi' }, undefined, OPTIONS)).values).toEqual({ name: ' Ann ', message: 'hi' });
});

test('each field error carries the message the form maps it to (zod issue code and field)', async () => {
  const resolve = lazyZodResolver<ContactValues>(async () => Contact, { message: (error, field) => `${field}.${error.type}` });
  const { values, errors } = await resolve({ name: ' ', message: 'too long' }, undefined, OPTIONS);
  expect(values).toEqual({});
  expect(errors.name?.message).toBe('name.too_small');
  expect(errors.message?.message).toBe('message.too_big');
});

test('extra checks apply only to fields the schema passed, and run without a schema', async () => {
  const extra = (v: ContactValues) => ({ name: v.name === 'root' ? 'NAME_TAKEN' : undefined, message: 'NEVER_SHOWN' });
  const withSchema = lazyZodResolver<ContactValues>(async () => Contact, { extra, message: (e) => `k.${e.message}` });
  const { errors } = await withSchema({ name: 'root', message: 'too long' }, undefined, OPTIONS);
  expect(errors.name).toMatchObject({ type: 'validate', message: 'k.NAME_TAKEN' });
  expect(errors.message?.message).toBe('k.Too big: expected string to have <=5 characters');

  const noSchema = lazyZodResolver<{ password: string }>(null, { extra: (v) => (v.password ? {} : { password: 'REQUIRED' }) });
  expect((await noSchema({ password: '' }, undefined, OPTIONS)).errors.password?.message).toBe('REQUIRED');
  expect(await noSchema({ password: 'x' }, undefined, OPTIONS)).toEqual({ values: { password: 'x' }, errors: {} });
});

test('preload loads ahead of the first check; a failed load is tried again', async () => {
  const load = jest.fn<Promise<typeof Contact>, []>().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(Contact);
  const resolve = lazyZodResolver<ContactValues>(load);
  await expect(resolve.preload()).rejects.toThrow('chunk failed');
  await expect(resolve.preload()).resolves.toBeUndefined();
  await resolve({ name: 'Ann', message: 'hi' }, undefined, OPTIONS);
  expect(load).toHaveBeenCalledTimes(2);
});
