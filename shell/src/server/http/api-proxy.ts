/**
 * The page server's `/api/*` proxy (`--api-proxy`): the same-origin API of an environment
 * (docs/SECURITY.md: it forwards to the API's origin only and appends the peer to
 * `X-Forwarded-For`).
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';

/** Answers a JSON error in the API's shape (`{ statusCode, error, message }`). */
function jsonError(res: ServerResponse, statusCode: number, error: string, message: string): void {
  res.writeHead(statusCode, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ statusCode, error, message }));
}

/**
 * Forwards a request to `origin`, and nowhere else: the target must stay on that origin whatever
 * the path says (`/api//other.host/…` answers 400 `BAD_REQUEST`), the `Origin` and `Referer`
 * headers are dropped (a server-to-server call), and the peer's address is appended to
 * `X-Forwarded-For` (the API trusts that header from its proxies only). An unreachable API
 * answers 502 `API_UNREACHABLE`.
 * @param origin  the API's origin (`http://127.0.0.1:4000`)
 * @param path  the path and query after `/api` (`/royal/landing?lang=en`)
 */
export function proxyToApi(req: IncomingMessage, res: ServerResponse, origin: string, path: string): void {
  const base = new URL(origin);
  let target: URL | null;
  try {
    target = path.startsWith('/') && !path.startsWith('//') ? new URL(path, base) : null;
  } catch {
    target = null;
  }
  if (!target || target.origin !== base.origin) return jsonError(res, 400, 'BAD_REQUEST', 'Invalid API path');
  const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: target.host };
  delete headers.origin; // same-origin for the browser; the API sees a server-to-server call
  delete headers.referer;
  const peer = req.socket.remoteAddress ?? '';
  const forwarded = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = forwarded ? `${Array.isArray(forwarded) ? forwarded.join(', ') : forwarded}, ${peer}` : peer;
  const upstream = httpRequest(target, { method: req.method, headers }, (up) => {
    res.writeHead(up.statusCode ?? 502, up.headers);
    up.pipe(res);
  });
  upstream.on('error', () => {
    if (res.headersSent) return void res.end();
    jsonError(res, 502, 'API_UNREACHABLE', 'The API is unreachable');
  });
  req.pipe(upstream);
}
