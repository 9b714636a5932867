import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { INestApplication, Logger, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, OpenAPIObject, type OperationObject, SwaggerModule } from '@nestjs/swagger';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';

import { AppModule } from './app.module';
import { TestClockAppModule } from './clock/test-clock.module';
import { connectSources } from './common/content-security.rules';
import { ErrorFilter } from './common/error.filter';
import { GracefulShutdown } from './common/graceful-shutdown';
import { methodNotAllowed } from './common/method-not-allowed';
import { requestLog } from './common/request-log';
import { bodyDeadline, limitSlowClients, uploadIdleDeadline } from './common/slow-clients';
import { errorResponseSchema, RETRY_AFTER_HEADER } from './common/validation';
import { APP_CONFIG, AppConfig, loadConfig } from './config/config';
import { IMPORT_MAX_BYTES } from './contract/values';
import { httpMetrics } from './observability/http-metrics';
import { createProcessLogger, nestLogger } from './observability/json-logger';
import { MetricsService } from './observability/metrics.service';
import { WorkersService } from './queue/workers.service';
import { USER_RATE_LIMIT_GROUPS } from './rate-limits/user-rate-limits';

/**
 * Builds the HTTP application: /api/* routes, OpenAPI at /api/docs, the built client at /.
 * Tests call this too, so they run exactly what production runs.
 */
export async function createHttpApp(): Promise<NestExpressApplication> {
  // Read before Nest starts, so a refused setting never reaches Nest's plain-text start-up logger.
  const { testClock, logLevel } = loadConfig();
  const logger = createProcessLogger(logLevel);
  // The route that moves the clock exists only in a test run: elsewhere it is an unknown path, not a refusal.
  const root = testClock ? TestClockAppModule : AppModule;
  const app = await NestFactory.create<NestExpressApplication>(root, {
    logger: nestLogger(logger, logLevel),
    abortOnError: false,
  });
  const config = app.get<AppConfig>(APP_CONFIG);
  const shutdown = new GracefulShutdown(app, config.shutdownDeadlineMs);
  app.use(shutdown.track());
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(requestLog(logger));
  app.use(httpMetrics(app.get(MetricsService)));
  // Before the body parsers, which would otherwise wait on a trickling body for as long as it lasts.
  app.use(bodyDeadline(config.http.requestTimeoutMs));
  app.use(uploadIdleDeadline(config.http.uploadIdleTimeoutMs));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Plain-HTTP deployments (localhost, a LAN box) must keep working: no forced upgrade.
          upgradeInsecureRequests: null,
          connectSrc: ["'self'", ...connectSources(config)],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
        },
      },
    }),
  );
  app.useBodyParser('json', { limit: '256kb' });
  // An export from another app (POST /api/log/import) is the one body sent as CSV.
  app.useBodyParser('text', { type: 'text/csv', limit: IMPORT_MAX_BYTES });
  app.setGlobalPrefix('api', {
    exclude: [
      { path: 'ref/:username', method: RequestMethod.GET },
      // Where Prometheus scrapers look by default.
      { path: 'metrics', method: RequestMethod.GET },
    ],
  });
  app.useGlobalFilters(new ErrorFilter());
  keepConnectionsOpenLongerThanClients(app);
  limitSlowClients(app.getHttpServer(), config.http);
  mountOpenApi(app);
  serveClient(app, config.clientDist);
  return app;
}

/**
 * Node closes an idle keep-alive connection after 5 s; a client (browser, fetch, a load balancer's
 * 60 s pool) that reuses it in that instant gets a reset instead of an answer, which a mixed load of
 * 200 users hit. The server outlives its clients' idle timeouts instead. (Node counts the headers
 * timeout from a request's first byte, not from the idle wait, so it can be much shorter.)
 */
function keepConnectionsOpenLongerThanClients(app: NestExpressApplication): void {
  app.getHttpServer().keepAliveTimeout = 65_000;
}

function mountOpenApi(app: INestApplication): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Sweat Credits API')
      .setDescription('Train, prove it, earn Fitness Credits on an exact ledger.')
      .setVersion('1.0')
      .addBearerAuth()
      .build(),
  );
  const exact = withRateLimitAnswers(withoutStrayPathParams(document));
  SwaggerModule.setup('api/docs', app, exact, { jsonDocumentUrl: 'api/docs-json' });
  app.use(methodNotAllowed(exact));
}

/** The routes of USER_RATE_LIMIT_GROUPS may answer 429 RATE_LIMITED, with Retry-After. */
function withRateLimitAnswers(document: OpenAPIObject): OpenAPIObject {
  for (const { routes } of Object.values(USER_RATE_LIMIT_GROUPS)) {
    for (const route of routes) {
      const [method, template] = route.split(' ');
      const operation = document.paths[template.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase() as 'post'] as
        OperationObject | undefined;
      if (!operation) continue;
      operation.responses['429'] = {
        description: "Error: RATE_LIMITED (per-user budget of the route's group; see Retry-After)",
        headers: RETRY_AFTER_HEADER,
        content: { 'application/json': { schema: errorResponseSchema(['RATE_LIMITED']) } },
      };
    }
  }
  return document;
}

/**
 * A handler mounted on two paths (`@Get(['', ':userId'])`) gets its path parameters documented on
 * both; on the path without `{userId}` that parameter does not exist, and clients and fuzzers that
 * trust the document would send it. Each path keeps only the parameters its template names.
 */
function withoutStrayPathParams(document: OpenAPIObject): OpenAPIObject {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const operation of Object.values(item) as OperationObject[]) {
      if (!operation?.parameters) continue;
      operation.parameters = operation.parameters.filter(
        (p) => !('in' in p) || p.in !== 'path' || path.includes(`{${p.name}}`),
      );
    }
  }
  return document;
}

/** The built client (client/dist) with a single-page fallback for its routes. */
function serveClient(app: NestExpressApplication, dist: string): void {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) {
    new Logger('Client').warn(`no built client at ${dist} (run npm run build -w client)`);
    return;
  }
  // Not for the server's own paths: the static middleware would otherwise look for a file on disk for every API call.
  const serverPath = (path: string) => path.startsWith('/api') || path.startsWith('/ref/') || path === '/metrics';
  const assets = express.static(dist, { index: false, maxAge: '1h', setHeaders: immutableAssets });
  app.use((req: Request, res: Response, next: NextFunction) =>
    serverPath(req.path) ? next() : assets(req, res, next),
  );
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || serverPath(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

function immutableAssets(res: Response, path: string): void {
  if (path.includes(`${join('dist', 'assets')}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}

export async function startHttp(): Promise<void> {
  const app = await createHttpApp();
  GracefulShutdown.of(app).onSignals();
  const config = app.get<AppConfig>(APP_CONFIG);
  if (config.workerInline) app.get(WorkersService).start();
  await app.listen(config.port);
  new Logger('Http').log(`Sweat Credits is up at ${config.publicUrl} (API under /api, docs at /api/docs)`);
}
