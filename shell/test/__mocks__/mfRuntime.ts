/** Jest stand-in for `@module-federation/enhanced/runtime`: tests set what `loadRemote` returns. */
export const loadRemote = jest.fn(async (_id: string): Promise<unknown> => null);
export const registerRemotes = jest.fn();
export const registerPlugins = jest.fn();
export type ModuleFederationRuntimePlugin = { name: string; [hook: string]: unknown };
