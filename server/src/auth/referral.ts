import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { parseCookie } from 'cookie';
import type { Request, Response } from 'express';

import { Public } from '../common/auth.guard';

export const REFERRAL_COOKIE = 'sweat_ref';
const USERNAME = /^[A-Za-z0-9_]{1,40}$/;

/** `/ref/{username}` remembers who referred this browser for 30 days, then opens the app. */
@ApiExcludeController()
@Controller('ref')
export class ReferralController {
  @Public()
  @Get(':username')
  capture(@Param('username') username: string, @Res() res: Response): void {
    if (USERNAME.test(username)) {
      res.cookie(REFERRAL_COOKIE, username, { maxAge: 30 * 24 * 3600_000, httpOnly: true, sameSite: 'lax', path: '/' });
    }
    res.redirect(302, '/');
  }
}

/** A cookie's value when it is a username (the referrer a `/ref/` visit left), else undefined. */
export function readCookie(req: Request, name: string): string | undefined {
  // `cookie` keeps a value it cannot percent-decode as it is, where decodeURIComponent would throw.
  const value = req.headers.cookie ? parseCookie(req.headers.cookie)[name] : undefined;
  return value !== undefined && USERNAME.test(value) ? value : undefined;
}
