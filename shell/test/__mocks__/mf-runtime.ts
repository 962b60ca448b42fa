/** Jest stand-in for `@module-federation/enhanced/runtime`: tests set what `loadRemote` returns. */
export const loadRemote = jest.fn(async (_id: string): Promise<unknown> => null);
export const registerRemotes = jest.fn();
export const registerPlugins = jest.fn();
/** The federation instance: tests give it `options.shared` when they need the shell's shared versions. */
export const getInstance = jest.fn((): { options: { shared?: unknown } } | null => null);
export type ModuleFederationRuntimePlugin = { name: string; [hook: string]: unknown };
