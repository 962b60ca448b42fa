/**
 * Jest stand-in for the shell's runtime handle (shell/src/remotes/runtime-host.ts, mapped in
 * jest.config.mjs): tests set what `loadRemote` returns and read what was registered.
 */
export const loadRemote = jest.fn(async (_id: string): Promise<unknown> => null);
export const registerRemotes = jest.fn();
/** Versions the shell shares (runtime-host.ts): tests set them when they need them. */
export const sharedVersions = jest.fn((): Record<string, string> => ({}));
