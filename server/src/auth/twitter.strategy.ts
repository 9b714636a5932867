import { Inject, Injectable, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { Passport } from 'passport';
import { IStrategyOption, Profile, Strategy as TwitterStrategy } from 'passport-twitter';
import { APP_CONFIG, AppConfig } from '../config/config';
import { RedisService } from '../redis/redis.service';
import type { TwitterProfile } from './auth.service';

const REQUEST_TOKEN_TTL_SECONDS = 600;
type Callback<T = void> = (err: Error | null, value?: T) => void;

/**
 * passport-twitter (OAuth 1.0a) with every URL built from X_OAUTH_BASE_URL, and the request-token
 * secret kept in Redis instead of a server session, so any API replica can finish the callback.
 */
@Injectable()
export class TwitterStrategyFactory {
  private readonly logger = new Logger('XLogin');
  /** A private passport instance: per-request strategy copies, no global state, no sessions. */
  private readonly passport = new Passport();
  readonly enabled: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig, private readonly redis: RedisService) {
    const { consumerKey, consumerSecret, oauthBaseUrl } = config.x;
    if (!consumerKey || !consumerSecret) {
      this.enabled = false;
      return;
    }
    this.enabled = true;
    const strategy = new TwitterStrategy(
      {
        consumerKey,
        consumerSecret,
        callbackURL: `${config.publicUrl}/api/auth/twitter/callback`,
        requestTokenURL: `${oauthBaseUrl}/oauth/request_token`,
        accessTokenURL: `${oauthBaseUrl}/oauth/access_token`,
        userAuthorizationURL: `${oauthBaseUrl}/oauth/authenticate`,
        userProfileURL: `${oauthBaseUrl}/1.1/account/verify_credentials.json`,
        // passport-oauth1 option, absent from the passport-twitter typings
        requestTokenStore: this.requestTokenStore(),
      } as IStrategyOption,
      (_token: string, _secret: string, profile: Profile, done: (err: unknown, user?: TwitterProfile) => void) =>
        done(null, { id: String(profile.id), username: profile.username }),
    );
    this.passport.use('twitter', strategy);
  }

  /** Runs the OAuth dance step for this request; resolves with the profile once X calls back. */
  authenticate(req: Request, res: Response, next: NextFunction, done: (err: unknown, profile: TwitterProfile | false) => void) {
    this.passport.authenticate('twitter', { session: false }, done)(req, res, next);
  }

  private requestTokenStore() {
    const key = (token: string) => this.redis.key('oauth1', token);
    const redis = this.redis.client;
    const log = this.logger;
    return {
      get(_req: Request, token: string, cb: Callback<string | undefined>) {
        redis.get(key(token)).then((secret) => cb(null, secret ?? undefined), (err: Error) => cb(err));
      },
      set(_req: Request, token: string, secret: string, cb: Callback) {
        redis.set(key(token), secret, 'EX', REQUEST_TOKEN_TTL_SECONDS).then(() => cb(null), (err: Error) => cb(err));
      },
      destroy(_req: Request, token: string, cb: Callback) {
        redis.del(key(token)).then(
          () => cb(null),
          (err: Error) => (log.warn(`request token cleanup: ${err.message}`), cb(null)),
        );
      },
    };
  }
}
