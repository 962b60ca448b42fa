import '@testing-library/jest-dom';

// Translations load per language (a chunk each, shared/src/i18n): every test starts once the
// texts registered so far are in, as a page renders only after them.
beforeEach(async () => {
  const { translationsReady } = jest.requireActual<typeof import('@landing/shared')>('@landing/shared');
  await translationsReady();
});
