import { Inject, Injectable } from '@nestjs/common';

import { APP_CONFIG, AppConfig } from '../config/config';
import { checkUploadSignature, SignatureCheck, signUpload, UPLOAD_URL_TTL_MS, uploadSigningKey } from './uploads.rules';

/** Signs the disk driver's upload URLs when they are issued and checks them when they are used. */
@Injectable()
export class UploadUrlSigner {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = uploadSigningKey(config.jwtSecret);
  }

  /** When a URL issued now stops taking bytes. */
  expiryOfNew(): Date {
    return new Date(Date.now() + UPLOAD_URL_TTL_MS);
  }

  /** The `sig` of upload `id`'s URL, valid until `expiresAt`. */
  sign(id: string, expiresAt: Date): string {
    return signUpload(this.key, id, expiresAt.getTime());
  }

  /** Whether `sig` was issued here for upload `id` and is still unexpired. */
  check(id: string, sig: string): SignatureCheck {
    return checkUploadSignature(this.key, id, sig, Date.now());
  }
}
