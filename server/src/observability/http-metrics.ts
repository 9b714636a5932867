import type { NextFunction, Request, Response } from 'express';

import type { MetricsService } from './metrics.service';

/**
 * Times every request into `sweat_http_request_duration_seconds`, labelled by the route template
 * Express matched (`/api/workout/today/:userId`), never the raw path: ids in paths would make a
 * series per user. Requests no route matched (static files, 404s) share one label.
 */
export function httpMetrics(metrics: MetricsService) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const stop = metrics.httpRequests.startTimer();
    res.once('finish', () => {
      // NestJS 12 answers through a wildcard route (`/api*path`), which is none of the app's, and mounts
      // a router, so req.path is relative: the full URL says whether it was an API path.
      const template = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : undefined;
      const route =
        template && !template.includes('*') ? template : req.originalUrl.startsWith('/api') ? 'unmatched' : 'static';
      stop({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
}
