import { Controller, Get, Post, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';

import { assertSelf, CurrentUser, SessionUser } from '../common/auth.guard';
import { AI_ROUTE, POSTING, UPLOAD_USE } from '../common/route-errors';
import { Returns, ValidBody, ValidParams, ValidQuery } from '../common/validation';
import {
  OptionalUserIdParam,
  PROOF_UPLOAD_PURPOSES,
  ProofChallenge,
  ProofCheckRequest,
  ProofCheckResult,
  ProofDayView,
  ProofHistory,
  ProofMediaParam,
  ProofTodayQuery,
  ProofUploadUrlRequest,
  ProofValidateRequest,
  ProofValidationResult,
  UPLOAD_PURPOSES,
  UploadUrlResponse,
} from '../contract';
import { ProofsService } from './proofs.service';

const PROOF_MEDIA_TYPES = [
  ...new Set(PROOF_UPLOAD_PURPOSES.flatMap((purpose): readonly string[] => UPLOAD_PURPOSES[purpose].allowedTypes)),
];

@ApiTags('proofs')
@ApiBearerAuth()
@Controller('proof')
export class ProofsController {
  constructor(private readonly proofs: ProofsService) {}

  /**
   * A signed URL to PUT one proof file to; `kind` picks its limits (gym_selfie when not sent). In
   * the activity slot, a `fileName` ending .fit, .tcx, .gpx or .zip asks for an activity file.
   */
  @Post('upload-url')
  @Returns(UploadUrlResponse, 200, 'UPLOAD_TOO_LARGE', 'UPLOAD_SIZE_REQUIRED', 'UPLOAD_UNSUPPORTED_TYPE')
  uploadUrl(
    @CurrentUser() me: SessionUser,
    @ValidBody(ProofUploadUrlRequest) body: ProofUploadUrlRequest,
  ): Promise<UploadUrlResponse> {
    return this.proofs.createUpload(me.userId, body);
  }

  /** Today's challenge code (to show in the selfie and the video) in the caller's time zone. */
  @Get('challenge')
  @Returns(ProofChallenge, 200, 'PROOF_INVALID_TIME_ZONE')
  challenge(
    @CurrentUser() me: SessionUser,
    @ValidQuery(ProofTodayQuery) query: ProofTodayQuery,
  ): Promise<ProofChallenge> {
    return this.proofs.challenge(me.userId, query.timeZone);
  }

  /**
   * One slot's finished upload checked right away, by the checks validate-all runs: each with
   * whether it passed and why (409 for a file already used as a proof). validate-all reuses the
   * result while the file and today's code are unchanged.
   */
  @Post('check')
  @Returns(
    ProofCheckResult,
    200,
    'PROOF_TOO_OLD',
    'PROOF_INVALID_TIME_ZONE',
    'PROOF_MEDIA_REUSED',
    'ACTIVITY_UNREADABLE',
    ...UPLOAD_USE,
    ...AI_ROUTE,
  )
  check(
    @CurrentUser() me: SessionUser,
    @ValidBody(ProofCheckRequest) body: ProofCheckRequest,
  ): Promise<ProofCheckResult> {
    return this.proofs.checkFile(me.userId, body);
  }

  @Post('validate-all')
  @Returns(
    ProofValidationResult,
    200,
    'PROOF_MISSING',
    'PROOF_TOO_OLD',
    'PROOF_INVALID_TIME_ZONE',
    'PROOF_ALREADY_VALIDATED',
    'PROOF_NOTHING_PENDING',
    'PROOF_MEDIA_REUSED',
    'PROOF_REJECTED',
    'ACTIVITY_UNREADABLE',
    'ACTIVITY_ALREADY_USED',
    ...UPLOAD_USE,
    ...AI_ROUTE,
    ...POSTING,
  )
  validateAll(
    @CurrentUser() me: SessionUser,
    @ValidBody(ProofValidateRequest) body: ProofValidateRequest,
  ): Promise<ProofValidationResult> {
    return this.proofs.validateAll(me.userId, body);
  }

  /** The caller's validated days, newest first. */
  @Get(['history', 'history/:userId'])
  @Returns(ProofHistory)
  history(
    @CurrentUser() me: SessionUser,
    @ValidParams(OptionalUserIdParam) params: { userId?: string },
  ): Promise<ProofDayView[]> {
    assertSelf(me, params.userId);
    return this.proofs.history(me.userId);
  }

  /** One of the caller's proof files (private: owner only). */
  @Get('media/:uploadId')
  // The file's own type on success; errors stay JSON like every other route's.
  @ApiResponse({
    status: 200,
    description: 'The file',
    content: Object.fromEntries(
      PROOF_MEDIA_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
    ),
  })
  @Returns(null, 200, 'PROOF_FILE_NOT_FOUND', 'PROOF_FILE_DELETED', 'PROOF_FILE_FORBIDDEN', 'UPLOAD_NOT_FOUND')
  async media(
    @CurrentUser() me: SessionUser,
    @ValidParams(ProofMediaParam) params: ProofMediaParam,
  ): Promise<StreamableFile> {
    const file = await this.proofs.openMedia(me.userId, params.uploadId);
    return new StreamableFile(file.stream, { type: file.mime, length: file.size, disposition: 'inline' });
  }
}
