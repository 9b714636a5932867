import { FakeServer, sendJson, startFake } from './http-fake';

export interface FakeXUser {
  id: string;
  screenName: string;
}

/**
 * X's OAuth 1.0a endpoints (request token → authenticate → access token → verify_credentials).
 * `authenticate` plays the user pressing "Authorize app": it redirects straight back with a verifier.
 * Requests without an OAuth signature for the expected consumer key are refused like X would.
 */
export async function startFakeXOAuth(options: { consumerKey: string; user: FakeXUser }): Promise<FakeServer> {
  const issued = new Map<string, { callback: string; verifier?: string }>();
  const signedByApp = (auth: string | undefined) =>
    !!auth && auth.startsWith('OAuth ') && auth.includes(`oauth_consumer_key="${options.consumerKey}"`);

  return startFake((req, res) => {
    const auth = req.headers.authorization;
    if (req.path === '/oauth/request_token' && req.method === 'POST') {
      if (!signedByApp(auth))
        return sendJson(res, 401, { errors: [{ code: 32, message: 'Could not authenticate you.' }] });
      const callback = decodeURIComponent(/oauth_callback="([^"]+)"/.exec(auth!)?.[1] ?? '');
      const token = `rt${Math.random().toString(36).slice(2)}`;
      issued.set(token, { callback });
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(`oauth_token=${token}&oauth_token_secret=rts${token}&oauth_callback_confirmed=true`);
    }
    if (req.path === '/oauth/authenticate' && req.method === 'GET') {
      const token = req.query.get('oauth_token') ?? '';
      const entry = issued.get(token);
      if (!entry) return sendJson(res, 400, { error: 'unknown token' });
      if (req.query.get('deny') === '1') {
        res.writeHead(302, { location: `${entry.callback}?denied=${token}` });
        return res.end();
      }
      entry.verifier = `v${Math.random().toString(36).slice(2)}`;
      res.writeHead(302, { location: `${entry.callback}?oauth_token=${token}&oauth_verifier=${entry.verifier}` });
      return res.end();
    }
    if (req.path === '/oauth/access_token' && req.method === 'POST') {
      const token = /oauth_token="([^"]+)"/.exec(auth ?? '')?.[1] ?? '';
      const verifier = /oauth_verifier="([^"]+)"/.exec(auth ?? '')?.[1] ?? '';
      const entry = issued.get(token);
      if (!signedByApp(auth) || !entry || entry.verifier !== verifier)
        return sendJson(res, 401, { errors: [{ code: 89, message: 'Invalid or expired token.' }] });
      issued.delete(token);
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(
        `oauth_token=at-${options.user.id}&oauth_token_secret=ats&user_id=${options.user.id}&screen_name=${options.user.screenName}`,
      );
    }
    if (req.path === '/1.1/account/verify_credentials.json') {
      if (!signedByApp(auth) || !(auth ?? '').includes(`oauth_token="at-${options.user.id}"`))
        return sendJson(res, 401, { errors: [{ code: 89, message: 'Invalid or expired token.' }] });
      return sendJson(res, 200, {
        id: Number(options.user.id),
        id_str: options.user.id,
        screen_name: options.user.screenName,
        name: options.user.screenName,
      });
    }
    sendJson(res, 404, { errors: [{ message: 'Sorry, that page does not exist' }] });
  });
}
