import { Controller, Get, Headers, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiTags } from '@nestjs/swagger';

import { assertSelf, CurrentUser, SessionUser } from '../common/auth.guard';
import { AI_ROUTE, UPLOAD_USE } from '../common/route-errors';
import { Returns, ValidBody, ValidParams } from '../common/validation';
import {
  BmiAnalysis,
  BmiAnalyzeRequest,
  BmiCalculateRequest,
  BmiConfirmedFigures,
  BmiRecordList,
  BmiRecordParam,
  BmiRecordView,
  BmiResult,
  JOB_KEY_HEADER,
  JobKey,
  OptionalUserIdParam,
  UploadUrlRequest,
  UploadUrlResponse,
} from '../contract';
import { BmiService } from './bmi.service';

@ApiTags('bmi')
@ApiBearerAuth()
@Controller('bmi')
export class BmiController {
  constructor(private readonly bmi: BmiService) {}

  @Post()
  @Returns(BmiResult, 200, 'BMI_INVALID_MEASUREMENT')
  calculate(
    @CurrentUser() me: SessionUser,
    @ValidBody(BmiCalculateRequest) body: BmiCalculateRequest,
  ): Promise<BmiResult> {
    assertSelf(me, body.userId);
    return this.bmi.calculate(me.userId, body);
  }

  /** A signed URL to PUT one BMI report to (PDF, JPEG or PNG, 10 MB). */
  @Post('upload-url')
  @Returns(UploadUrlResponse, 200, 'UPLOAD_TOO_LARGE', 'UPLOAD_SIZE_REQUIRED')
  uploadUrl(
    @CurrentUser() me: SessionUser,
    @ValidBody(UploadUrlRequest) body: UploadUrlRequest,
  ): Promise<UploadUrlResponse> {
    return this.bmi.createReportUpload(me.userId, body.size);
  }

  @Post('analyze')
  @ApiHeader({
    name: JOB_KEY_HEADER,
    required: false,
    description: 'Follow the analysis at GET /api/jobs/ai-<userId>-<key>',
  })
  @Returns(BmiAnalysis, 200, ...UPLOAD_USE, 'BMI_REPORT_UNREADABLE', ...AI_ROUTE)
  analyze(
    @CurrentUser() me: SessionUser,
    @ValidBody(BmiAnalyzeRequest) body: BmiAnalyzeRequest,
    @Headers(JOB_KEY_HEADER) jobKey?: string,
  ): Promise<BmiAnalysis> {
    return this.bmi.analyze(me.userId, body, JobKey.safeParse(jobKey).data);
  }

  /** The caller confirms one of their reports' height and weight for the profile. */
  @Post(':recordId/confirm')
  @Returns(BmiConfirmedFigures, 200, 'BMI_REPORT_NOT_FOUND')
  confirm(
    @CurrentUser() me: SessionUser,
    @ValidParams(BmiRecordParam) params: BmiRecordParam,
  ): Promise<BmiConfirmedFigures> {
    return this.bmi.confirmReport(me.userId, params.recordId);
  }

  /** The caller's BMI records, newest first. */
  @Get(['', ':userId'])
  @Returns(BmiRecordList)
  list(
    @CurrentUser() me: SessionUser,
    @ValidParams(OptionalUserIdParam) params: { userId?: string },
  ): Promise<BmiRecordView[]> {
    assertSelf(me, params.userId);
    return this.bmi.list(me.userId);
  }
}
