import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

import { CanActivate, ExecutionContext, Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import { parseCookie } from 'cookie';
import type { Request } from 'express';
import { IStrategyOption, Profile, Strategy as TwitterStrategy } from 'passport-twitter';

import { AppError } from '../common/errors';
import { APP_CONFIG, AppConfig } from '../config/config';
import { RedisService } from '../redis/redis.service';

const REQUEST_TOKEN_TTL_SECONDS = 600;
type Callback<T = void> = (err: Error | null, value?: T) => void;

/**
 * The browser that started an X sign-in, bound to its request token: an httpOnly cookie whose hash
 * is kept with the token's secret. A callback from any other browser (login CSRF: an attacker's own
 * authorized callback URL opened in a victim's browser) finds no secret and is refused.
 */
export const X_STATE_COOKIE = 'sweat_x_state';
export const X_STATE_COOKIE_PATH = '/api/auth/twitter';

/** Set while the browser is in "link your X account" (from the profile), so even a denied callback returns there. */
export const X_LINK_COOKIE = 'sweat_x_link';

/** A request through the X flow; `xLinkUserId`: in link mode, the member a link code named, carried with the request token. */
export type XFlowRequest = Request & {
  user?: TwitterProfile | null;
  xError?: unknown;
  xLinkUserId?: string;
  xLinkRefused?: AppError;
};

/** The X account X vouched for. */
export interface TwitterProfile {
  id: string;
  username: string;
}

export const xNotConfigured = () =>
  new AppError(
    'AUTH_X_NOT_CONFIGURED',
    'X sign-in is not configured on this server (X_CONSUMER_KEY / X_CONSUMER_SECRET)',
  );

/**
 * X sign-in (OAuth 1.0a) as passport-twitter's strategy under @nestjs/passport, every URL built
 * from X_OAUTH_BASE_URL, and the request-token secret kept in Redis instead of a server session,
 * so any API replica can finish the callback, and given back only to the browser that started it. Provided only when X app keys are configured.
 */
@Injectable()
export class XStrategy extends PassportStrategy(TwitterStrategy, 'twitter') {
  constructor(config: AppConfig, redis: RedisService) {
    const { consumerKey, consumerSecret, oauthBaseUrl } = config.x;
    super({
      consumerKey,
      consumerSecret,
      callbackURL: `${config.publicUrl}/api/auth/twitter/callback`,
      requestTokenURL: `${oauthBaseUrl}/oauth/request_token`,
      accessTokenURL: `${oauthBaseUrl}/oauth/access_token`,
      userAuthorizationURL: `${oauthBaseUrl}/oauth/authenticate`,
      userProfileURL: `${oauthBaseUrl}/1.1/account/verify_credentials.json`,
      // passport-oauth1 option, absent from the passport-twitter typings
      requestTokenStore: requestTokenStore(redis, config.publicUrl.startsWith('https:')),
    } as IStrategyOption);
  }

  validate(_token: string, _secret: string, profile: Profile): TwitterProfile {
    return { id: String(profile.id), username: profile.username };
  }
}

/** The strategy when X_CONSUMER_KEY and X_CONSUMER_SECRET are set, else null. */
export const X_STRATEGY_PROVIDER = {
  provide: XStrategy,
  inject: [APP_CONFIG, RedisService],
  useFactory: (config: AppConfig, redis: RedisService) =>
    config.x.consumerKey && config.x.consumerSecret ? new XStrategy(config, redis) : null,
};

/**
 * Runs the OAuth step of the request: the start redirects to X; the callback leaves the profile in
 * `req.user`, or nothing when the user denied or X failed (`req.xError`), so the route can send the
 * browser back to the client either way instead of answering an API error.
 */
@Injectable()
export class XAuthGuard extends AuthGuard('twitter') implements CanActivate {
  private readonly logger = new Logger('XLogin');

  constructor(@Optional() @Inject(XStrategy) private readonly strategy: XStrategy | null) {
    super({ session: false });
  }

  override canActivate(context: ExecutionContext) {
    if (!this.strategy) throw xNotConfigured();
    // A refused link code goes back to the profile without a trip to X.
    if (context.switchToHttp().getRequest<XFlowRequest>().xLinkRefused) return true;
    return super.canActivate(context);
  }

  override handleRequest<T>(err: unknown, user: T, _info: unknown, context: ExecutionContext): T {
    const req = context.switchToHttp().getRequest<Request & { xError?: unknown }>();
    if (err) {
      this.logger.warn(`X sign-in failed: ${err instanceof Error ? err.message : String(err)}`);
      req.xError = err;
    }
    return (user || null) as T;
  }
}

/** What Redis keeps with a request token: its secret, the hash of the starting browser's cookie, the member linking (link mode). */
interface StoredRequestToken {
  secret: string;
  browser: string;
  link?: string;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

function requestTokenStore(redis: RedisService, secure: boolean) {
  const key = (token: string) => redis.key('oauth1', token);
  const logger = new Logger('XLogin');
  return {
    get(req: XFlowRequest, token: string, cb: Callback<string | undefined>) {
      redis.client.get(key(token)).then(
        (stored) => {
          const { secret, browser, link } = stored
            ? (JSON.parse(stored) as StoredRequestToken)
            : { secret: undefined, browser: '', link: undefined };
          const state = req.headers.cookie ? parseCookie(req.headers.cookie)[X_STATE_COOKIE] : undefined;
          if (secret !== undefined && state && timingSafeEqual(digest(state), Buffer.from(browser, 'hex'))) {
            if (link) req.xLinkUserId = link;
            return cb(null, secret);
          }
          // No secret: passport-oauth1 fails the callback, and the route sends the browser back with ?error=.
          if (secret !== undefined)
            req.xError = new Error('the callback came from a browser that did not start this sign-in');
          cb(null, undefined);
        },
        (err: Error) => cb(err),
      );
    },
    set(req: XFlowRequest, token: string, secret: string, cb: Callback) {
      const state = randomBytes(24).toString('hex');
      const cookie = {
        httpOnly: true,
        secure,
        sameSite: 'lax',
        path: X_STATE_COOKIE_PATH,
        maxAge: REQUEST_TOKEN_TTL_SECONDS * 1000,
      } as const;
      req.res?.cookie(X_STATE_COOKIE, state, cookie);
      if (req.xLinkUserId) req.res?.cookie(X_LINK_COOKIE, '1', cookie);
      else req.res?.clearCookie(X_LINK_COOKIE, { path: X_STATE_COOKIE_PATH });
      const stored: StoredRequestToken = { secret, browser: digest(state).toString('hex'), link: req.xLinkUserId };
      redis.client.set(key(token), JSON.stringify(stored), 'EX', REQUEST_TOKEN_TTL_SECONDS).then(
        () => cb(null),
        (err: Error) => cb(err),
      );
    },
    destroy(_req: Request, token: string, cb: Callback) {
      redis.client.del(key(token)).then(
        () => cb(null),
        (err: Error) => (logger.warn(`request token cleanup: ${err.message}`), cb(null)),
      );
    },
  };
}
