import type { OpenAPIObject } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';

import type { ErrorBody } from '../contract';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * A documented path asked with a method it does not take answers 405 with `Allow` (OPTIONS: 204
 * with `Allow`), not Express's 404 "Cannot TRACE": the path exists. The OpenAPI document is the
 * list of routes, so the answer and the document cannot disagree.
 */
export function methodNotAllowed(document: OpenAPIObject) {
  const routes = Object.entries(document.paths).map(([template, item]) => ({
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    params: (template.match(/\{/g) ?? []).length,
    methods: METHODS.filter((method) => item[method]).map((method) => method.toUpperCase()),
  }));
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!req.path.startsWith('/api/')) return next();
    // The most specific templates name the resource: `/api/bmi/analyze` is not `/api/bmi/{userId}`.
    const matching = routes.filter((route) => route.pattern.test(req.path));
    const fewest = Math.min(...matching.map((route) => route.params));
    const allowed = new Set(matching.filter((route) => route.params === fewest).flatMap((route) => route.methods));
    if (allowed.size === 0 || allowed.has(req.method) || (req.method === 'HEAD' && allowed.has('GET'))) return next();
    if (allowed.has('GET')) allowed.add('HEAD');
    const allow = [...allowed, 'OPTIONS'].join(', ');
    if (req.method === 'OPTIONS') {
      res.status(204).set('Allow', allow).end();
      return;
    }
    const body: ErrorBody = {
      statusCode: 405,
      code: 'METHOD_NOT_ALLOWED',
      message: `${req.method} is not allowed here; use ${allow}`,
      error: 'Method Not Allowed',
    };
    res.status(405).set('Allow', allow).json(body);
  };
}
