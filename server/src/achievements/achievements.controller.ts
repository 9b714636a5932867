import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';

import { assertSelf, CurrentUser, SessionUser } from '../common/auth.guard';
import { Returns, ValidParams } from '../common/validation';
import { AchievementList, AchievementView, OptionalUserIdParam } from '../contract';
import { AchievementsService } from './achievements.service';

@ApiTags('achievements')
@ApiBearerAuth()
@Controller('achievements')
export class AchievementsController {
  constructor(private readonly achievements: AchievementsService) {}

  /** The caller's badges (docs/product.md: GET /api/achievements and /api/achievements/{userId}). */
  @Get(['', ':userId'])
  @Returns(AchievementList)
  list(
    @CurrentUser() me: SessionUser,
    @ValidParams(OptionalUserIdParam) params: { userId?: string },
  ): Promise<AchievementView[]> {
    assertSelf(me, params.userId);
    return this.achievements.list(me.userId);
  }
}
