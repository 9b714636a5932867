import { Body, Controller, Get, Headers, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiHeader, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';

import { CurrentUser, SessionUser } from '../common/auth.guard';
import { JOB_ROUTE } from '../common/route-errors';
import { Returns, ValidQuery } from '../common/validation';
import { ExportQuery, ImportQuery, ImportResult, JOB_KEY_HEADER, JobKey } from '../contract';
import { ImportsService } from './imports.service';

@ApiTags('log')
@ApiBearerAuth()
@Controller('log')
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  /** A Strong or Hevy CSV export into the log (nothing stored while a name needs mapping); no credits. */
  @Post('import')
  @ApiConsumes('text/csv')
  @ApiHeader({
    name: JOB_KEY_HEADER,
    required: false,
    description: 'Follow the job at GET /api/jobs/imports-<userId>-<key>',
  })
  @Returns(ImportResult, 201, ...JOB_ROUTE, 'IMPORT_UNKNOWN_LAYOUT', 'IMPORT_NO_ROWS', 'IMPORT_MAPPING_INVALID')
  import(
    @CurrentUser() me: SessionUser,
    @ValidQuery(ImportQuery) query: ImportQuery,
    @Body() csv: unknown,
    @Headers(JOB_KEY_HEADER) jobKey?: string,
  ): Promise<ImportResult> {
    return this.imports.run(me.userId, csv, query, JobKey.safeParse(jobKey).data);
  }

  /** The member's log as a Strong or Hevy CSV file. */
  @Get('export')
  @Returns(null)
  async export(
    @CurrentUser() me: SessionUser,
    @ValidQuery(ExportQuery) query: ExportQuery,
    @Res() res: Response,
  ): Promise<void> {
    const csv = await this.imports.export(me.userId, query);
    res.type('text/csv').attachment(`sweat-credits-${query.layout}.csv`).send(csv);
  }
}
