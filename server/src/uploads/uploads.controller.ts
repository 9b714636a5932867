import { Controller, Get, Headers, Patch, Post, Put, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiHeader, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';

import { Public } from '../common/auth.guard';
import { UPLOAD_GET, UPLOAD_PATCH, UPLOAD_PUT } from '../common/route-errors';
import { Returns, ValidParams, ValidQuery } from '../common/validation';
import { UPLOAD_PURPOSES, UploadIdParam, UploadProgress, UploadReceipt, UploadSignatureQuery } from '../contract';
import { UploadReceiver } from './upload-receiver';

/** Every type some upload purpose takes. */
const UPLOAD_TYPES = [
  ...new Set(Object.values(UPLOAD_PURPOSES).flatMap((limits): readonly string[] => limits.allowedTypes)),
];

/**
 * The upload URLs. Authorized by their signature (like an S3 presigned URL), so no session is
 * needed: the signed URL is the permission, and it stores one file, once. With the disk driver the
 * file comes here in one shot (PUT, or a form) or in parts that survive a dropped connection
 * (PATCH); with either driver GET says how much is held, where a resumed upload continues.
 */
@ApiTags('uploads')
@Controller('uploads')
export class UploadsController {
  constructor(private readonly receiver: UploadReceiver) {}

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
    return this.receiver.receive(params.id, query.sig, req);
  }

  /** The multipart variant: the file in a form field named `file`. */
  @Public()
  @Post(':id')
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
  })
  @Returns(UploadReceipt, 200, ...UPLOAD_PUT)
  postForm(
    @ValidParams(UploadIdParam) params: UploadIdParam,
    @ValidQuery(UploadSignatureQuery) query: UploadSignatureQuery,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UploadReceipt> {
    return this.receiver.receiveMultipart(params.id, query.sig, req, res);
  }

  /** Where an upload stands: the bytes stored (here or in S3), from the first, or finished with its sha256. */
  @Public()
  @Get(':id')
  @Returns(UploadProgress, 200, ...UPLOAD_GET)
  progress(
    @ValidParams(UploadIdParam) params: UploadIdParam,
    @ValidQuery(UploadSignatureQuery) query: UploadSignatureQuery,
  ): Promise<UploadProgress> {
    return this.receiver.progress(params.id, query.sig);
  }

  /** One part of the file's bytes, at the offset its Content-Range names (at most the bytes already stored). */
  @Public()
  @Patch(':id')
  @ApiConsumes('application/offset+octet-stream', 'application/octet-stream')
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ApiHeader({
    name: 'Content-Range',
    required: true,
    description: "bytes <first>-<last>/<total>: this part's place in the file (inclusive), and the file's size",
  })
  @Returns(UploadProgress, 200, ...UPLOAD_PATCH)
  patch(
    @ValidParams(UploadIdParam) params: UploadIdParam,
    @ValidQuery(UploadSignatureQuery) query: UploadSignatureQuery,
    @Headers('content-range') contentRange: string | undefined,
    @Req() req: Request,
  ): Promise<UploadProgress> {
    return this.receiver.receivePart(params.id, query.sig, contentRange, req);
  }
}
