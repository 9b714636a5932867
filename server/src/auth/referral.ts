import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
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

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      const value = decodeURIComponent(rest.join('='));
      return USERNAME.test(value) ? value : undefined;
    }
  }
  return undefined;
}
