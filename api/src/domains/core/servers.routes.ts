/**
 * The server list of the switcher (spec §2): every server of this environment with its status
 * from the `servers` table, plus servers marked `locked` there (shown dimmed with a lock icon).
 */
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { servers } from '../db/schema/core.js';
import { errorResponses } from '../lib/errors.js';
import { defineRoutes, ServerParams } from '../lib/http.js';
import { SERVER_LISTING } from '../servers.js';

/** One entry of the switcher (spec §3 server option: name, value, gmt label, status). */
export const ServerEntry = z
  .object({
    value: z.string().describe('Server code, the first path segment of its landing (`royal`)'),
    name: z.string().describe('Display name'),
    status: z.enum(['open', 'new', 'locked']).describe('`new` shows a NEW badge; `locked` is listed dimmed with a lock and cannot be chosen'),
    gmt: z.string().describe('Time-zone label, e.g. `GMT +3`'),
    region: z.enum(['easternEurope', 'centralEurope', 'americas']).describe('Header region the server is listed under'),
    time_zone: z.string().describe('IANA time zone of the server (spec §9)'),
  })
  .meta({ id: 'ServerEntry' });

export const ServersResponse = z.object({ servers: z.array(ServerEntry) }).meta({ id: 'Servers' });

/** Header order of spec §9 lists; servers not in it (locked ones) come after, by code. */
const ORDER = ['en', 'pl', 'classic', 'royal'];

export default defineRoutes({
  domain: 'servers',
  async serverRoutes(app) {
    app.get(
      '/servers',
      {
        config: { technicalBreak: 'allow' },
        schema: {
          tags: ['core'],
          summary: 'Servers of the switcher with their status',
          description:
            'Every server served in this environment (spec §9: production pl, classic, royal; elsewhere also en) with the status ' +
            'stored in the `servers` table, and the servers stored as `locked` (not served, listed dimmed). Same answer for every ' +
            '`{server}`; answers during the technical break.',
          params: ServerParams,
          response: { 200: ServersResponse, ...errorResponses },
        },
      },
      async () => {
        const served = new Set<string>(app.apiConfig.servers);
        const rows = await app.db
          .select({ code: servers.code, name: servers.name, status: servers.status, timeZone: servers.timeZone })
          .from(servers)
          .orderBy(asc(servers.code));
        const listed = rows.filter((r) => SERVER_LISTING[r.code] && (served.has(r.code) || r.status === 'locked'));
        const rank = (code: string) => (ORDER.includes(code) ? ORDER.indexOf(code) : ORDER.length);
        listed.sort((a, b) => rank(a.code) - rank(b.code) || a.code.localeCompare(b.code));
        return {
          servers: listed.map((r) => ({ value: r.code, name: r.name, status: r.status, gmt: SERVER_LISTING[r.code]!.gmt, region: SERVER_LISTING[r.code]!.region, time_zone: r.timeZone })),
        };
      },
    );
  },
});
