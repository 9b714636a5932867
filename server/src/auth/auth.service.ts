import { randomBytes, randomUUID } from 'node:crypto';

import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';

import { SessionUser } from '../common/auth.guard';
import { AppError } from '../common/errors';
import { SingleUseClaimsRepository } from '../common/single-use';
import { APP_CONFIG, AppConfig } from '../config/config';
import { AuthSession, PhantomChallenge, PhantomSignIn, UserView, VerifyResponse, XLinkCode } from '../contract';
import { twitterIdentity, walletIdentity } from '../users/identity.schema';
import type { UserRecord } from '../users/users.repository';
import { twitterUsername, walletUsername } from '../users/users.rules';
import { UsersService } from '../users/users.service';
import { ChallengePurpose } from './challenge.schema';
import { AuthChallengesRepository, LoginCodesRepository } from './challenges.repository';
import { buildSignInMessage, isWalletAddress, verifyWalletSignature } from './phantom.rules';
import { isLoginCode } from './session.rules';
import { SessionsService } from './sessions.service';
import { TwitterProfile, xNotConfigured } from './x.strategy';

export const CHALLENGE_TTL_MS = 5 * 60_000;
export const LOGIN_CODE_TTL_MS = 2 * 60_000;

const STATEMENTS: Record<ChallengePurpose, string> = {
  signin: 'Sign in to Sweat Credits. This request costs nothing and sends no transaction.',
  link: 'Link this wallet to your Sweat Credits account. This request costs nothing and sends no transaction.',
};

@Injectable()
export class AuthService {
  constructor(
    private readonly challenges: AuthChallengesRepository,
    private readonly loginCodes: LoginCodesRepository,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly singleUse: SingleUseClaimsRepository,
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async challenge(walletAddress: string, purpose: ChallengePurpose, now = new Date()): Promise<PhantomChallenge> {
    if (!isWalletAddress(walletAddress))
      throw new AppError('AUTH_INVALID_WALLET', 'walletAddress must be a base58 Solana address');
    const nonce = randomBytes(16).toString('hex');
    const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
    const message = buildSignInMessage({
      publicUrl: this.config.publicUrl,
      walletAddress,
      nonce,
      issuedAt: now,
      expiresAt,
      cluster: this.config.solana.cluster,
      statement: STATEMENTS[purpose],
    });
    await this.challenges.deleteExpired(now);
    await this.challenges.create({ _id: nonce, walletAddress, message, purpose, expiresAt });
    return { nonce, message, expiresAt: expiresAt.toISOString() };
  }

  /**
   * Consumes the nonce (once, before expiry) and checks the wallet signed its message. An address
   * that is no Solana key has no challenge (challenge() refuses it): it is told the request expired.
   */
  private async proveWallet(body: PhantomSignIn, purpose: ChallengePurpose): Promise<void> {
    const challenge = await this.challenges.findValid(body.nonce, body.walletAddress, purpose);
    if (!challenge || !(await this.singleUse.claim(`nonce:${body.nonce}`))) {
      throw new AppError('AUTH_CHALLENGE_EXPIRED', 'Sign-in request expired or already used, please try again');
    }
    await this.challenges.delete(body.nonce);
    if (!verifyWalletSignature(challenge.message, body.signature, body.walletAddress)) {
      throw new AppError('AUTH_BAD_SIGNATURE', 'Wallet signature is not valid');
    }
  }

  async phantomSignIn(body: PhantomSignIn, referrer?: string): Promise<AuthSession> {
    await this.proveWallet(body, 'signin');
    const { user } = await this.users.signInIdentity(
      walletIdentity(body.walletAddress),
      { walletAddress: body.walletAddress },
      (attempt) => walletUsername(body.walletAddress, attempt),
      referrer,
    );
    return { user: this.users.toView(user), token: await this.sessionToken(user) };
  }

  /** A signed-in user (e.g. from X) proves a wallet and attaches it; a wallet belongs to one account. */
  async linkWallet(userId: string, body: PhantomSignIn): Promise<UserView> {
    await this.proveWallet(body, 'link');
    const outcome = await this.users.linkIdentity(userId, walletIdentity(body.walletAddress), {
      walletAddress: body.walletAddress,
    });
    if (outcome === 'taken')
      throw new AppError('AUTH_WALLET_IN_USE', 'This wallet already belongs to another account', 'Wallet In Use');
    return this.users.view(userId);
  }

  async twitterSignIn(profile: TwitterProfile, referrer?: string): Promise<string> {
    const { user } = await this.users.signInIdentity(
      twitterIdentity(profile.id),
      { twitterId: profile.id, twitterHandle: profile.username },
      (attempt) => twitterUsername(profile.username, attempt),
      referrer,
    );
    return (await this.issueCode(user.id, 'signin')).code;
  }

  /** The code the profile navigates to X with, to link an X account to this member (docs/product.md, Posts on X). */
  linkCode(userId: string, xConfigured: boolean): Promise<XLinkCode> {
    if (!xConfigured) throw xNotConfigured();
    return this.issueCode(userId, 'link');
  }

  /** Consumes a link code at the start of the X flow: the member it was issued to. */
  async claimLinkCode(code: string): Promise<string> {
    const userId = await this.consumeCode(code, 'link');
    if (!userId) throw new AppError('X_LINK_CODE_USED', 'The link to X expired or was already used, please try again');
    return userId;
  }

  /**
   * Links the X account X vouched for to the member (their posts pay from then on). An X account
   * belongs to one member, and a member has one X account; linking the same one again changes nothing.
   */
  async linkTwitter(userId: string, profile: TwitterProfile): Promise<void> {
    const user = await this.users.findById(userId);
    if (user.twitterId && user.twitterId !== profile.id) {
      throw new AppError(
        'X_ACCOUNT_OTHER_LINKED',
        `Your profile is already linked to the X account @${user.twitterHandle ?? user.twitterId}`,
      );
    }
    const outcome = await this.users.linkIdentity(userId, twitterIdentity(profile.id), {
      twitterId: profile.id,
      twitterHandle: profile.username,
    });
    if (outcome === 'taken')
      throw new AppError('X_ACCOUNT_TAKEN', 'This X account is already linked to another member', 'X Account In Use');
  }

  private async issueCode(userId: string, purpose: ChallengePurpose): Promise<XLinkCode> {
    await this.loginCodes.deleteExpired(new Date());
    const code = randomBytes(24).toString('hex');
    const expiresAt = new Date(Date.now() + LOGIN_CODE_TTL_MS);
    await this.loginCodes.create({ _id: code, userId, purpose, expiresAt });
    return { code, expiresAt: expiresAt.toISOString() };
  }

  /** Once, before expiry, and only for the purpose it was issued for: the code's user, else null. */
  private async consumeCode(code: string, purpose: ChallengePurpose): Promise<string | null> {
    const record = await this.loginCodes.findValid(code, purpose);
    if (!record || !(await this.singleUse.claim(`login-code:${code}`))) return null;
    await this.loginCodes.delete(code);
    return record.userId;
  }

  /**
   * `GET /api/auth/verify`: a session token answers its user; a single-use login code (from the X
   * redirect) is consumed and answers the user plus a fresh session token.
   */
  async verify(token: string, verifySession: (t: string) => Promise<SessionUser>): Promise<VerifyResponse> {
    if (isLoginCode(token)) {
      const userId = await this.consumeCode(token, 'signin');
      if (!userId) throw new AppError('AUTH_LOGIN_CODE_USED', 'Sign-in link expired or already used');
      const user = await this.users.findById(userId);
      return { ...this.users.toView(user), token: await this.sessionToken(user) };
    }
    const session = await verifySession(token);
    return this.users.toView(session.user);
  }

  /** A new session of `user`: its own id (for signing it out) and the user's current session epoch. */
  sessionToken(user: Pick<UserRecord, 'id' | 'sessionEpoch'>): Promise<string> {
    const claims = { sub: user.id, typ: 'session', jti: randomUUID(), ep: user.sessionEpoch ?? 0 };
    return this.jwt.signAsync(claims, { expiresIn: this.config.jwtTtlSeconds, algorithm: 'HS256' });
  }

  /** Signs this session out: its token is refused from now on, other sessions go on. */
  logout(session: SessionUser): Promise<void> {
    return this.sessions.revokeSession(
      session.userId,
      session.sessionId,
      session.expiresAt,
      Date.now(),
      session.user.revokedSessions ?? {},
    );
  }

  /** Signs every session of the user out, this one included. */
  logoutEverywhere(session: SessionUser): Promise<void> {
    return this.sessions.endAllSessions(session.userId);
  }
}
