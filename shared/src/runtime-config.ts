/**
 * Environment configuration read at run time (never baked into a build), so one build of the
 * shell or of a remote runs in every environment. The shell takes it from a server-rendered
 * page's data, else fetches `/config.json` (never cached), and calls {@link setRuntimeConfig}
 * (the page server calls it per render: shell/src/server/render/render-page.tsx); remotes read it through
 * the shared singleton.
 */

export interface RuntimeConfig {
  /** Environment name, e.g. `production`, `staging`, `local`. */
  environment: string;
  /** Production switches the server list (spec §9) and hides raw errors (spec §2). */
  production: boolean;
  /** API base per server (spec §7); `{server}` is replaced by the server code. */
  apiBaseTemplate: string;
  /** Game URL per server, the target of "Play now"; `{server}` is replaced. */
  gameUrlTemplate: string;
  /** Content host for music and sounds (spec §7). */
  cdnBase: string;
  /**
   * Origins (`scheme://host:port`) whose manifests a tester may pin with `?mf_override=` outside
   * production. Empty: no override is accepted. Ignored in production.
   */
  trustedRemoteOrigins: string[];
  /**
   * Domain attribute of the language and session cookies. Absent (the default): host-only
   * cookies, which no other subdomain receives. A deployment whose game subdomains must read them
   * (spec §3, §9) sets it in config.json: a domain (`.example.com.br`), or `"auto"`, which the
   * page server turns into the registrable domain of each request's public host with the
   * Public Suffix List (shell/src/server/environment/cookie-domain.ts; none for localhost and IP addresses).
   * docs/SECURITY.md says why host-only is the default.
   */
  cookieDomain?: string;
  /** External links of the header and footer (spec §2). */
  links: {
    fanPage: string;
    discord: string;
    facebook: string;
    instagram: string;
    youtube: string;
    groups: string;
    chatApp: string;
    voiceChat: string;
    /**
     * Affiliate programme of the header and footer (spec §2). Empty: the site's own page
     * `/{server}/affiliate`, which explains the partner link and the referral link.
     */
    affiliate: string;
    /** "Play on other servers" of the switcher (spec §2). Empty: the server list of `/{server}/affiliate`. */
    otherServers: string;
    /** Help/FAQ pages, one per language (spec §2); `{lang}` is replaced by the locale code. */
    help: string;
  };
}

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  environment: 'local',
  production: false,
  apiBaseTemplate: 'http://localhost:4000/{server}',
  gameUrlTemplate: 'https://{server}.game.example/',
  cdnBase: '/cdn',
  trustedRemoteOrigins: [],
  links: {
    fanPage: 'https://www.facebook.com/',
    discord: 'https://discord.com/',
    affiliate: '',
    facebook: 'https://www.facebook.com/',
    instagram: 'https://www.instagram.com/',
    youtube: 'https://www.youtube.com/',
    groups: 'https://vk.com/',
    chatApp: 'https://t.me/',
    voiceChat: 'https://discord.com/',
    otherServers: '',
    help: 'https://help.game.example/{lang}/faq',
  },
};

let current: RuntimeConfig = DEFAULT_RUNTIME_CONFIG;

/** Current runtime configuration (defaults until {@link setRuntimeConfig} is first called). */
export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

/** Replaces the runtime configuration; missing keys take the defaults, unknown ones are kept as given. */
export function setRuntimeConfig(next: Partial<RuntimeConfig>): RuntimeConfig {
  current = { ...DEFAULT_RUNTIME_CONFIG, ...next, links: { ...DEFAULT_RUNTIME_CONFIG.links, ...next.links } };
  return current;
}

/** API base URL for a server (spec §7): `apiBaseTemplate` with `{server}` replaced. */
export function apiBaseFor(server: string): string {
  return current.apiBaseTemplate.replace('{server}', encodeURIComponent(server));
}

/** Game URL for a server ("Play now", spec §2). */
export function gameUrlFor(server: string): string {
  return current.gameUrlTemplate.replace('{server}', encodeURIComponent(server));
}

/**
 * Where the affiliate link of the header and footer goes (spec §2): `links.affiliate` when the
 * environment sets one, else the site's page `/{server}/affiliate` (partner and referral links).
 */
export function affiliateUrlFor(server: string): string {
  return current.links.affiliate || `/${encodeURIComponent(server)}/affiliate`;
}

/**
 * Where "Play on other servers" goes (spec §2): `links.otherServers` when set, else the server
 * list of the affiliate page (`/{server}/affiliate#servers`).
 */
export function otherServersUrlFor(server: string): string {
  return current.links.otherServers || `/${encodeURIComponent(server)}/affiliate#servers`;
}

/** True for a path of this site (`/royal/affiliate`), false for an absolute URL of another one. */
export function isSitePath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/** Help/FAQ page of a language (spec §2 "Help/FAQ pages exist per language"). */
export function helpUrlFor(lang: string): string {
  return current.links.help.replace('{lang}', encodeURIComponent(lang));
}
