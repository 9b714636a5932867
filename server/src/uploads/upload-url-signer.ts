import { Inject, Injectable } from '@nestjs/common';

import { APP_CONFIG, AppConfig } from '../config/config';
import { checkUploadSignature, SignatureCheck, signUpload, UPLOAD_URL_TTL_MS, uploadSigningKey } from './uploads.rules';

/** Signs the upload URLs when they are issued and checks them when they are used. */
@Injectable()
export class UploadUrlSigner {
  private readonly key: Buffer;
  /** Where every upload URL (and so every fileUrl this server accepts) begins. */
  readonly issuedPrefix: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = uploadSigningKey(config.jwtSecret);
    this.issuedPrefix = `${config.publicUrl}/api/uploads/`;
  }

  /** Upload `id`'s URL, valid until `expiresAt`. */
  url(id: string, expiresAt: Date): string {
    return `${this.issuedPrefix}${id}?sig=${this.sign(id, expiresAt)}`;
  }

  /** When a URL issued now stops taking bytes. */
  expiryOfNew(): Date {
    return new Date(Date.now() + UPLOAD_URL_TTL_MS);
  }

  private sign(id: string, expiresAt: Date): string {
    return signUpload(this.key, id, expiresAt.getTime());
  }

  /** Whether `sig` was issued here for upload `id` and is still unexpired. */
  check(id: string, sig: string): SignatureCheck {
    return checkUploadSignature(this.key, id, sig, Date.now());
  }
}
