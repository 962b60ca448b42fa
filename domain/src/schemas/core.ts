/** Requests and answers of the core domain: landing info, the switcher's server list, the technical break. */
import { z } from 'zod';
import { SERVER_REGIONS, SERVER_STATUSES } from '../servers.ts';
import { ServerCodeSchema } from './common.ts';

/** Answer of `GET /{server}/landing` (spec §3 landingHeaderCode, §4 technical break). */
export const LandingResponse = z
  .object({
    landing_header_code: z
      .string()
      .nullable()
      .describe(
        'Short plain-text promo for the landing header, in the `X-Lang` language (falls back to English ' +
          'when the server has no text in that language or the header is absent/unknown); null = none',
      ),
    technical_break: z.boolean().describe('True while the technical break is on for this server'),
    server: ServerCodeSchema,
  })
  .meta({ id: 'Landing' });
export type LandingResponse = z.infer<typeof LandingResponse>;

/** One entry of the switcher (spec §3 server option: name, value, gmt label, status). */
export const ServerEntry = z
  .object({
    value: z.string().describe('Server code, the first path segment of its landing (`royal`)'),
    name: z.string().describe('Display name'),
    status: z.enum(SERVER_STATUSES).describe('`new` shows a NEW badge; `locked` is listed dimmed with a lock and cannot be chosen'),
    gmt: z.string().describe('Time-zone label, e.g. `GMT +3`'),
    region: z.enum(SERVER_REGIONS).describe('Header region the server is listed under'),
    time_zone: z.string().describe('IANA time zone of the server (spec §9)'),
  })
  .meta({ id: 'ServerEntry' });
export type ServerEntry = z.infer<typeof ServerEntry>;

/** Answer of `GET /{server}/servers`. */
export const ServersResponse = z.object({ servers: z.array(ServerEntry) }).meta({ id: 'Servers' });
export type ServersResponse = z.infer<typeof ServersResponse>;

/** Answer of `GET|POST /admin/technical-break`. */
export const TechnicalBreakState = z
  .object({
    switches: z.record(z.string(), z.boolean()).describe('Stored switches by scope (`*` = all servers)'),
    servers: z.record(z.string(), z.boolean()).describe('Effective state per served server'),
  })
  .meta({ id: 'TechnicalBreakState' });
export type TechnicalBreakState = z.infer<typeof TechnicalBreakState>;

/** Body of `POST /admin/technical-break`. */
export const TechnicalBreakBody = z.object({
  enabled: z.boolean(),
  server: z
    .enum([...ServerCodeSchema.options, '*'])
    .optional()
    .describe('Server code, or `*` (default) for all'),
});
export type TechnicalBreakBody = z.infer<typeof TechnicalBreakBody>;
