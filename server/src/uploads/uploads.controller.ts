import { Controller, Post, Put, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/auth.guard';
import { Returns, ValidParams, ValidQuery } from '../common/validation';
import { UPLOAD_PURPOSES, UploadIdParam, UploadReceipt, UploadSignatureQuery } from '../contract';
import { UploadsService } from './uploads.service';
import { UPLOAD_PUT } from '../common/route-errors';

/** Every type some upload purpose takes. */
const UPLOAD_TYPES = [...new Set(Object.values(UPLOAD_PURPOSES).flatMap((limits): readonly string[] => limits.allowedTypes))];

/**
 * The disk driver's upload URLs. Authorized by their signature (like an S3 presigned URL), so no
 * session is needed: the signed URL is the permission, and it works once.
 */
@ApiTags('uploads')
@Controller('uploads')
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  /** The file's bytes as the body (single shot). */
  @Public()
  @Put(':id')
  @ApiConsumes(...UPLOAD_TYPES, 'application/octet-stream')
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @Returns(UploadReceipt, 200, ...UPLOAD_PUT)
  put(
    @ValidParams(UploadIdParam) params: UploadIdParam,
    @ValidQuery(UploadSignatureQuery) query: UploadSignatureQuery,
    @Req() req: Request,
  ): Promise<UploadReceipt> {
    return this.uploads.receive(params.id, query.sig, req);
  }

  /** The multipart variant: the file in a form field named `file`. */
  @Public()
  @Post(':id')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } })
  @Returns(UploadReceipt, 200, ...UPLOAD_PUT)
  postForm(
    @ValidParams(UploadIdParam) params: UploadIdParam,
    @ValidQuery(UploadSignatureQuery) query: UploadSignatureQuery,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UploadReceipt> {
    return this.uploads.receiveMultipart(params.id, query.sig, req, res);
  }
}
