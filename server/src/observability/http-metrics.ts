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
      const route = req.route?.path
        ? `${req.baseUrl}${String(req.route.path)}`
        : req.path.startsWith('/api')
          ? 'unmatched'
          : 'static';
      stop({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
}
