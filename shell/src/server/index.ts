/**
 * Entry of the page server bundle (`dist/server/index.cjs`), a CommonJS script on purpose:
 * React and the other packages are required from node_modules at run time and pick their build
 * from NODE_ENV when first loaded, so it is set before anything else loads: production unless the
 * caller chose otherwise (development React writes stack traces into the HTML). Run as a script,
 * it starts the page server (see ./main); required as a module, it exports `createPageServer` and
 * `main`.
 *
 * The page server's folders, in the order a request passes them (docs/ARCHITECTURE.md "A page,
 * from request to hydration"): http/, environment/, pages/, then cache/ and players/, render/,
 * federation/.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- the order of loading is the point */
if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';

const { resolve } = require('node:path') as typeof import('node:path');
const server = require('./main') as typeof import('./main');
module.exports = server;
if (process.argv[1] && resolve(process.argv[1]) === __filename) server.main(process.argv.slice(2));
