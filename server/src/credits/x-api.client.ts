import { Inject, Injectable, Logger } from '@nestjs/common';

import { AppError } from '../common/errors';
import { APP_CONFIG, AppConfig } from '../config/config';
import type { TweetContent } from './credits.rules';

const LOOKUP_TIMEOUT_MS = 10_000;
const X_DOWN =
  'Tweet validation is unavailable right now (X could not be reached); nothing was credited, please try again later';

interface TweetLookupBody {
  data?: { id?: string; author_id?: string; text?: string; entities?: { urls?: Array<{ expanded_url?: string }> } };
}

/** A post as X answers it: its canonical id (whatever the URL said) and the account that posted it. */
export interface PostOnX extends TweetContent {
  id: string;
  authorId: string | null;
}

/** Reads posts from the X API v2 (`X_API_BASE_URL`, app-only `X_BEARER_TOKEN`). */
@Injectable()
export class XApiClient {
  private readonly logger = new Logger('XApi');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The post's id, author, text and expanded links; null when X says it does not exist. Unconfigured or down → 503. */
  async tweet(tweetId: string): Promise<PostOnX | null> {
    const { apiBaseUrl, bearerToken } = this.config.x;
    if (!bearerToken)
      throw new AppError(
        'TWEET_LOOKUP_NOT_CONFIGURED',
        'Tweet validation is not configured on this server (X_BEARER_TOKEN); nothing was credited',
      );
    const url = `${apiBaseUrl}/2/tweets/${encodeURIComponent(tweetId)}?tweet.fields=entities,author_id,created_at`;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { Authorization: `Bearer ${bearerToken}` },
        signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
      });
    } catch (err) {
      this.logger.warn(`tweet look-up failed: ${(err as Error).message}`);
      throw new AppError('TWEET_LOOKUP_UNAVAILABLE', X_DOWN);
    }
    if (response.status === 404) return null;
    if (!response.ok) {
      this.logger.warn(`tweet look-up answered ${response.status}`);
      throw new AppError('TWEET_LOOKUP_UNAVAILABLE', X_DOWN);
    }
    const body = (await response.json().catch(() => ({}))) as TweetLookupBody;
    // X answers 200 with an `errors` list and no `data` for a deleted or unknown post.
    if (!body.data) return null;
    return {
      id: body.data.id ?? tweetId,
      authorId: body.data.author_id ?? null,
      text: body.data.text ?? '',
      expandedUrls: (body.data.entities?.urls ?? []).map((u) => u.expanded_url ?? '').filter(Boolean),
    };
  }
}
