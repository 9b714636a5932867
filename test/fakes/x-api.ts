import { FakeServer, sendJson, startFake } from './http-fake';

export interface FakeTweet {
  text: string;
  /** Links X expanded from t.co in the text. */
  expandedUrls?: string[];
  /** The X account that posted it; unset, an account no test member has linked. */
  authorId?: string;
}

export interface FakeXApi extends FakeServer {
  tweets: Map<string, FakeTweet>;
  /** What a post that `tweets` does not hold says; unset, such a post does not exist (404). */
  anyOtherPost: FakeTweet | null;
  /** Every later look-up answers this status (e.g. 503), like an X outage; null restores service. */
  failWith(status: number | null): void;
}

/** Where a test in another process (Playwright specs) publishes a post: `PUT` a FakeTweet as JSON. */
export const PUBLISH_PATH = '/__control/tweets/';

/**
 * X API v2's post look-up (`GET /2/tweets/:id`) with an app bearer token. Unknown ids answer 404
 * with X's error shape (or `anyOtherPost`); a wrong or missing bearer is 401. `PUT /__control/tweets/:id` publishes a
 * post, for tests that cannot reach `tweets` directly.
 */
export async function startFakeXApi(options: { bearerToken: string }): Promise<FakeXApi> {
  const tweets = new Map<string, FakeTweet>();
  const state = { failWith: null as number | null };
  const server = await startFake((req, res) => {
    if (req.method === 'PUT' && req.path.startsWith(PUBLISH_PATH)) {
      tweets.set(req.path.slice(PUBLISH_PATH.length), JSON.parse(req.body) as FakeTweet);
      return sendJson(res, 200, { published: req.path.slice(PUBLISH_PATH.length) });
    }
    if (req.headers.authorization !== `Bearer ${options.bearerToken}`)
      return sendJson(res, 401, { title: 'Unauthorized', status: 401 });
    if (state.failWith) return sendJson(res, state.failWith, { title: 'Service Unavailable', status: state.failWith });
    const match = /^\/2\/tweets\/(\d+)$/.exec(req.path);
    if (req.method !== 'GET' || !match) return sendJson(res, 404, { title: 'Not Found Error' });
    // X names a post by its canonical id whatever zeros the URL led with.
    const id = BigInt(match[1]).toString();
    const tweet = tweets.get(id) ?? fake.anyOtherPost;
    if (!tweet) {
      return sendJson(res, 404, {
        errors: [{ value: id, detail: `Could not find tweet with id: [${id}].`, title: 'Not Found Error' }],
      });
    }
    return sendJson(res, 200, {
      data: {
        id,
        text: tweet.text,
        author_id: tweet.authorId ?? '1',
        created_at: new Date().toISOString(),
        entities: {
          urls: (tweet.expandedUrls ?? []).map((url) => ({
            url: 'https://t.co/x',
            expanded_url: url,
            display_url: url,
          })),
        },
      },
    });
  });
  const failWith = (status: number | null) => {
    state.failWith = status;
  };
  const fake: FakeXApi = Object.assign(server, { tweets, failWith, anyOtherPost: null });
  return fake;
}
