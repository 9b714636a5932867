import { Controller, Get, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiExcludeEndpoint, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';

import { bearerToken, CurrentUser, Public, SessionGuard, SessionUser } from '../common/auth.guard';
import { AppError, authRequired } from '../common/errors';
import { openApiSchema, Returns, ValidBody, ValidQuery } from '../common/validation';
import { APP_CONFIG, AppConfig } from '../config/config';
import {
  AuthSession,
  OkResponse,
  PhantomChallenge,
  PhantomSignIn,
  UserView,
  VerifyResponse,
  WalletAddress,
  XLinkCode,
  XStartQuery,
} from '../contract';
import { AuthService } from './auth.service';
import { AuthRateLimitGuard, LoginCodeRateLimitGuard } from './rate-limit.guard';
import { readCookie, REFERRAL_COOKIE } from './referral';
import { X_LINK_COOKIE, X_STATE_COOKIE, X_STATE_COOKIE_PATH, XAuthGuard, XFlowRequest } from './x.strategy';
import { XLinkStartGuard } from './x-link.guard';

const ChallengeQuery = z.strictObject({ walletAddress: WalletAddress, purpose: z.enum(['signin', 'link']).optional() });

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionGuard,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @UseGuards(AuthRateLimitGuard)
  @Get('phantom/challenge')
  @Returns(PhantomChallenge, 200, 'RATE_LIMITED', 'AUTH_INVALID_WALLET')
  challenge(@ValidQuery(ChallengeQuery) query: z.infer<typeof ChallengeQuery>): Promise<PhantomChallenge> {
    return this.auth.challenge(query.walletAddress, query.purpose ?? 'signin');
  }

  @Public()
  @UseGuards(AuthRateLimitGuard)
  @Post('phantom')
  @Returns(AuthSession, 200, 'RATE_LIMITED', 'AUTH_INVALID_WALLET', 'AUTH_CHALLENGE_EXPIRED', 'AUTH_BAD_SIGNATURE')
  phantom(@ValidBody(PhantomSignIn) body: PhantomSignIn, @Req() req: Request): Promise<AuthSession> {
    return this.auth.phantomSignIn(body, readCookie(req, REFERRAL_COOKIE));
  }

  @ApiBearerAuth()
  @UseGuards(AuthRateLimitGuard)
  @Post('phantom/link')
  @Returns(
    UserView,
    200,
    'RATE_LIMITED',
    'AUTH_INVALID_WALLET',
    'AUTH_CHALLENGE_EXPIRED',
    'AUTH_BAD_SIGNATURE',
    'AUTH_WALLET_IN_USE',
  )
  link(@CurrentUser() me: SessionUser, @ValidBody(PhantomSignIn) body: PhantomSignIn): Promise<UserView> {
    return this.auth.linkWallet(me.userId, body);
  }

  @ApiBearerAuth()
  @Public()
  @UseGuards(LoginCodeRateLimitGuard)
  @Get('verify')
  @Returns(VerifyResponse, 200, 'AUTH_LOGIN_CODE_USED', 'RATE_LIMITED')
  verify(@Req() req: Request): Promise<VerifyResponse> {
    const token = bearerToken(req);
    if (!token) throw authRequired();
    return this.auth.verify(token, (t) => this.sessions.verify(t));
  }

  /** Ends this session on the server too: its token is refused from now on (LOGOUT). */
  @ApiBearerAuth()
  @Post('logout')
  @Returns(OkResponse)
  async logout(@CurrentUser() me: SessionUser): Promise<OkResponse> {
    await this.auth.logout(me);
    return { ok: true };
  }

  /** "Sign out everywhere": every session of this account ends, on every device, this one included. */
  @ApiBearerAuth()
  @Post('logout-all')
  @Returns(OkResponse)
  async logoutAll(@CurrentUser() me: SessionUser): Promise<OkResponse> {
    await this.auth.logoutEverywhere(me);
    return { ok: true };
  }

  /**
   * "Link your X account" from the profile: a single-use code (2 minutes) for the browser to navigate
   * to `/api/auth/twitter?link=<code>`, as a navigation cannot carry the session token.
   */
  @ApiBearerAuth()
  @UseGuards(AuthRateLimitGuard)
  @Post('twitter/link-code')
  @Returns(XLinkCode, 200, 'RATE_LIMITED', 'AUTH_X_NOT_CONFIGURED')
  linkCode(@CurrentUser() me: SessionUser): Promise<XLinkCode> {
    return this.auth.linkCode(me.userId, !!(this.config.x.consumerKey && this.config.x.consumerSecret));
  }

  /**
   * Starts X sign-in, or with `?link=` the linking of an X account to the code's member: redirects
   * to X's authorize page (503 when no X app keys are configured).
   */
  @Public()
  @UseGuards(AuthRateLimitGuard, XLinkStartGuard, XAuthGuard)
  @Get('twitter')
  @ApiQuery({ name: 'link', required: false, schema: openApiSchema(XStartQuery.shape.link.unwrap()) })
  @Returns(null, 302, 'AUTH_X_NOT_CONFIGURED', 'RATE_LIMITED')
  twitterStart(@Req() req: XFlowRequest, @Res() res: Response): void {
    if (req.xLinkRefused) return this.backToProfile(res, req.xLinkRefused);
    // The guard has redirected to X, unless X could not be reached for a request token.
    if (res.headersSent) return;
    if (req.xLinkUserId)
      return this.backToProfile(res, { code: 'X_LINK_FAILED', message: 'X could not be reached, please try again' });
    this.backToClient(res, { error: 'X sign-in failed, please try again' });
  }

  /** X sends the user back here; the client gets a single-use code (`?token=`) or `?error=`, the profile `?xLinked=1` or `?error=` when linking. */
  @Public()
  @UseGuards(AuthRateLimitGuard, XAuthGuard)
  @ApiExcludeEndpoint()
  @Get('twitter/callback')
  async twitterCallback(@Req() req: XFlowRequest, @Res() res: Response): Promise<void> {
    const linking = !!req.xLinkUserId || readCookie(req, X_LINK_COOKIE) === '1';
    // The browser's binding is single-use, as the request token is.
    res.clearCookie(X_STATE_COOKIE, { path: X_STATE_COOKIE_PATH });
    res.clearCookie(X_LINK_COOKIE, { path: X_STATE_COOKIE_PATH });
    if (linking) return this.finishLink(req, res);
    if (!req.user)
      return this.backToClient(res, {
        error: req.xError ? 'X sign-in failed, please try again' : 'X sign-in was cancelled',
      });
    try {
      this.backToClient(res, { token: await this.auth.twitterSignIn(req.user, readCookie(req, REFERRAL_COOKIE)) });
    } catch {
      this.backToClient(res, { error: 'X sign-in failed, please try again' });
    }
  }

  private async finishLink(req: XFlowRequest, res: Response): Promise<void> {
    if (!req.user || !req.xLinkUserId) {
      return this.backToProfile(res, {
        code: 'X_LINK_FAILED',
        message: req.xError
          ? 'Linking your X account failed, please try again'
          : 'Linking your X account was cancelled',
      });
    }
    try {
      await this.auth.linkTwitter(req.xLinkUserId, req.user);
      res.redirect(302, `${this.config.publicUrl}/profile?${new URLSearchParams({ xLinked: req.user.username })}`);
    } catch (err) {
      this.backToProfile(
        res,
        err instanceof AppError
          ? err
          : { code: 'X_LINK_FAILED', message: 'Linking your X account failed, please try again' },
      );
    }
  }

  /** Where link mode ends when it does not link: the profile, with the reason and its stable code. */
  private backToProfile(res: Response, refusal: { code: string; message: string }): void {
    res.redirect(
      302,
      `${this.config.publicUrl}/profile?${new URLSearchParams({ error: refusal.message, code: refusal.code })}`,
    );
  }

  private backToClient(res: Response, query: Record<string, string>): void {
    res.redirect(302, `${this.config.publicUrl}/?${new URLSearchParams(query)}`);
  }
}
