/**
 * Jest stand-in for `@module-federation/enhanced/runtime` and for the shell's runtime handle
 * (shell/src/remotes/runtime-host.ts): tests set what `loadRemote` returns.
 */
export const loadRemote = jest.fn(async (_id: string): Promise<unknown> => null);
export const registerRemotes = jest.fn();
export const registerPlugins = jest.fn();
/** The federation instance: tests give it `options.shared` when they need the shell's shared versions. */
export const getInstance = jest.fn((): { options: { shared?: unknown } } | null => null);
export type ModuleFederationRuntimePlugin = { name: string; [hook: string]: unknown };
/** Versions the shell shares (runtime-host.ts): tests set them when they need them. */
export const sharedVersions = jest.fn((): Record<string, string> => ({}));
