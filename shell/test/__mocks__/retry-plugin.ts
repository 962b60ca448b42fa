export const RetryPlugin = jest.fn(() => ({ name: 'retry-plugin' }));
