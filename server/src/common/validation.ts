import { applyDecorators, Body, HttpCode, Param, PipeTransform, Query } from '@nestjs/common';
import { ApiBody, ApiParam, ApiQuery, ApiResponse, DECORATORS } from '@nestjs/swagger';
import { z } from 'zod';

import { ErrorBody, ErrorCode } from '../contract';
import { ERROR_STATUS } from './error-status';
import { AppError } from './errors';

/** JSON Schema (OpenAPI 3.0 dialect) of a contract schema, for the OpenAPI document. */
export function openApiSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
}

function outputSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
}

/**
 * Parses a request part with a contract schema. Strict objects reject unknown fields, and a
 * `{"$gt": ""}` object where a string belongs fails type checking, so operators never reach a query.
 */
export class ZodPipe implements PipeTransform {
  constructor(
    private readonly schema: z.ZodType,
    private readonly part: string,
  ) {}

  transform(value: unknown) {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    throw new AppError('VALIDATION_FAILED', describeIssues(result.error, this.part), 'Validation Failed');
  }
}

export function describeIssues(error: z.ZodError, part: string): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.length ? issue.path.join('.') : part;
      return issue.code === 'unrecognized_keys'
        ? `${path ? path + ': ' : ''}unknown field(s) ${issue.keys.join(', ')}`
        : `${path}: ${issue.message}`;
    })
    .join('; ');
}

type ParamDecorator = (target: object, key: string | symbol | undefined, index: number) => void;

function withDoc(param: ParamDecorator, doc: MethodDecorator): ParamDecorator {
  return (target, key, index) => {
    param(target, key, index);
    if (key !== undefined) doc(target, key, Object.getOwnPropertyDescriptor(target, key)!);
  };
}

/** `@ValidBody(Schema) body: T`: validated body, documented in OpenAPI. */
export const ValidBody = (schema: z.ZodType): ParamDecorator =>
  // A body whose every field is optional may be left out altogether: the document says so.
  withDoc(
    Body(new ZodPipe(schema, 'body')),
    ApiBody({ schema: openApiSchema(schema), required: !schema.safeParse({}).success }),
  );

/** `@ValidQuery(Schema) query: T`: validated query string, each property documented. */
export const ValidQuery = (schema: z.ZodObject): ParamDecorator => {
  const props = openApiSchema(schema) as { properties?: Record<string, object>; required?: string[] };
  const docs = Object.entries(props.properties ?? {}).map(([name, s]) =>
    ApiQuery({ name, schema: s, required: props.required?.includes(name) ?? false }),
  );
  return withDoc(Query(new ZodPipe(schema, 'query')), applyDecorators(...docs));
};

/** `@ValidParams(Schema) params: T`: validated path parameters. */
export const ValidParams = (schema: z.ZodObject): ParamDecorator => {
  const props = openApiSchema(schema) as { properties?: Record<string, object> };
  const docs = Object.entries(props.properties ?? {}).map(([name, s]) => ApiParam({ name, schema: s }));
  return withDoc(Param(new ZodPipe(schema, 'path')), applyDecorators(...docs));
};

/**
 * Codes any route may answer, outside its own handler too: a malformed, oversized (JSON bodies past
 * 256 kB), wrongly compressed or trickling request (408 past HTTP_REQUEST_TIMEOUT_MS), no or a bad session, someone
 * else's id, the database away.
 */
const EVERY_ROUTE: ErrorCode[] = [
  'VALIDATION_FAILED',
  'MALFORMED_ID',
  'MALFORMED_JSON',
  'BODY_TOO_LARGE',
  'BODY_ENCODING_INVALID',
  'REQUEST_TIMEOUT',
  'AUTH_REQUIRED',
  'SESSION_INVALID',
  'FORBIDDEN',
  'DATABASE_UNAVAILABLE',
];

/** The header every 429 carries (the credential-check and per-user budgets alike). */
export const RETRY_AFTER_HEADER = {
  'Retry-After': { description: 'Seconds until the budget allows the request', schema: { type: 'integer' } },
};

/** The documented JSON error answer carrying one of `codes`. */
export function errorResponseSchema(codes: [ErrorCode, ...ErrorCode[]]): Record<string, unknown> {
  return outputSchema(ErrorBody.extend({ code: z.enum(codes) }));
}

/**
 * Documents the success answer and each error the route may answer, by code: one response per
 * status, whose body's `code` is limited to that status's codes (listed in its description too);
 * optionally sets the success status. A status an `@ApiResponse` below it documents in its own
 * terms (the readiness probe's 503 body) keeps that answer.
 */
export function Returns(schema: z.ZodType | null, status = 200, ...codes: ErrorCode[]): MethodDecorator {
  return (target, key, descriptor) => {
    const own: Record<string, unknown> = Reflect.getMetadata(DECORATORS.API_RESPONSE, descriptor.value as object) ?? {};
    const byStatus = new Map<number, ErrorCode[]>();
    for (const code of new Set([...EVERY_ROUTE, ...codes])) {
      if (String(ERROR_STATUS[code]) in own) continue;
      byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
    }
    const errors = [...byStatus].map(([s, list]) =>
      ApiResponse({
        status: s,
        description: `Error: ${list.join(', ')}`,
        schema: errorResponseSchema(list as [ErrorCode, ...ErrorCode[]]),
        ...(s === 429 ? { headers: RETRY_AFTER_HEADER } : {}),
      }),
    );
    const ok = schema
      ? ApiResponse({ status, description: 'Success', schema: outputSchema(schema) })
      : ApiResponse({ status, description: 'Success' });
    return applyDecorators(HttpCode(status), ok, ...errors)(target, key, descriptor);
  };
}
