import { ConfigError, loadConfig, trustProxySetting } from './config';

describe('trustProxySetting (TRUST_PROXY)', () => {
  it('trusts no proxy when unset or none', () => {
    expect(trustProxySetting(undefined)).toBe(false);
    expect(trustProxySetting('none')).toBe(false);
  });

  it('takes a hop count, named ranges, addresses and CIDR ranges', () => {
    expect(trustProxySetting('1')).toBe(1);
    expect(trustProxySetting('uniquelocal')).toEqual(['uniquelocal']);
    expect(trustProxySetting('loopback, 10.0.0.0/8,fd00::1')).toEqual(['loopback', '10.0.0.0/8', 'fd00::1']);
  });

  it('refuses anything else (Express would fail on it later, or trust every client for "true")', () => {
    for (const value of ['true', 'nginx', '10.0.0.0/8/1', '10.0.0.0/abc', 'loopback,,uniquelocal'])
      expect(trustProxySetting(value)).toBeNull();
  });
});

describe('loadConfig refuses to start a real deployment on example settings', () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters';
  const treasury = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';

  it('needs JWT_SECRET in production, naming it (a per-machine secret splits replicas)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: required when NODE_ENV=production/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: '' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });

  it('refuses TEST_CLOCK in production, naming it (any signed-in user could move the session clock)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, TEST_CLOCK: '1' })).toThrow(
      /TEST_CLOCK: never with NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).testClock).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: secret, TEST_CLOCK: '1' }).testClock).toBe(true);
  });

  it('needs a treasury of its own on mainnet-beta, in production or not, naming TREASURY_ADDRESS', () => {
    for (const NODE_ENV of ['production', 'development']) {
      expect(() => loadConfig({ NODE_ENV, JWT_SECRET: secret, SOLANA_CLUSTER: 'mainnet-beta' })).toThrow(
        /TREASURY_ADDRESS: set your own wallet on mainnet-beta/,
      );
    }
    expect(
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: secret,
        SOLANA_CLUSTER: 'mainnet-beta',
        TREASURY_ADDRESS: treasury,
      }).solana.treasury,
    ).toBe(treasury);
  });

  it('keeps the example treasury on the test networks, and names both problems at once', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).solana.treasury).toBe(
      '11111111111111111111111111111111',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SOLANA_CLUSTER: 'mainnet-beta' })).toThrow(
      /JWT_SECRET: .*; TREASURY_ADDRESS: /,
    );
  });

  it('needs a bucket for STORAGE_DRIVER=s3, and hands each refusal over with its variable (logged a JSON line each)', () => {
    expect(() => loadConfig({ JWT_SECRET: secret, STORAGE_DRIVER: 's3' })).toThrow(
      /S3_BUCKET: required with STORAGE_DRIVER=s3/,
    );
    const refused = (() => {
      try {
        loadConfig({ NODE_ENV: 'production', STORAGE_DRIVER: 's3' });
      } catch (err) {
        return err;
      }
    })();
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as ConfigError).problems.map((p) => p.variable)).toEqual(['JWT_SECRET', 'S3_BUCKET']);
  });
});

describe('the time limit of the local proof checks (EVIDENCE_TIME_LIMIT_MS)', () => {
  const env = { JWT_SECRET: 'a-secret-of-at-least-thirty-two-characters' };

  it('is two thirds of the job wait unless set, and must stay below it', () => {
    expect(loadConfig(env).evidenceTimeLimitMs).toBe(20_000);
    expect(loadConfig({ ...env, AI_JOB_TIMEOUT_MS: '9000' }).evidenceTimeLimitMs).toBe(6000);
    expect(loadConfig({ ...env, EVIDENCE_TIME_LIMIT_MS: '5000' }).evidenceTimeLimitMs).toBe(5000);
    expect(() => loadConfig({ ...env, EVIDENCE_TIME_LIMIT_MS: '30000' })).toThrow(
      /EVIDENCE_TIME_LIMIT_MS: must be below AI_JOB_TIMEOUT_MS/,
    );
  });
});
