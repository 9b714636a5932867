import { runInNewContext } from 'node:vm';

import { ArgumentsHost, Logger, NotFoundException } from '@nestjs/common';
import mongoose from 'mongoose';

import { ErrorFilter } from './error.filter';
import { AppError } from './errors';

/** What the filter answers for an exception, through a response double that records status and body. */
function answer(exception: unknown): { status: number; body: unknown } {
  const sent = { status: 0, body: undefined as unknown };
  const res = {
    headersSent: false,
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: unknown) {
      sent.body = body;
    },
  };
  const host = { switchToHttp: () => ({ getResponse: () => res }) } as unknown as ArgumentsHost;
  new ErrorFilter().catch(exception, host);
  return sent;
}

// The driver classes mongoose really throws (its own copy of the driver).
const { MongoNetworkError, MongoServerError } = mongoose.mongo;

describe('ErrorFilter', () => {
  it('keeps an HttpException status and message', () => {
    expect(answer(new NotFoundException('Workout not found'))).toEqual({
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND', message: 'Workout not found', error: 'Not Found' },
    });
  });

  it("keeps an AppError's code, status and title", () => {
    expect(
      answer(new AppError('PROOF_ALREADY_VALIDATED', 'Proofs already validated today', 'Already Validated')),
    ).toEqual({
      status: 409,
      body: {
        statusCode: 409,
        code: 'PROOF_ALREADY_VALIDATED',
        message: 'Proofs already validated today',
        error: 'Already Validated',
      },
    });
  });

  it('answers 503 when the database cannot be reached, and logs it as a warning', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    expect(answer(new MongoNetworkError('connect ECONNREFUSED')).status).toBe(503);
    expect(warn).toHaveBeenCalledWith('database unavailable: connect ECONNREFUSED');
    warn.mockRestore();
  });

  it('answers 503 for the bare socket error the driver passes on when the server vanishes mid-write', () => {
    const ended = Object.assign(new Error('This socket has been ended by the other party'), { code: 'EPIPE' });
    expect(answer(ended).status).toBe(503);
  });

  it('knows that socket error when it was made in another realm (Node core, seen from a sandbox like Jest)', () => {
    const ended = runInNewContext(
      "Object.assign(new Error('This socket has been ended by the other party'), { code: 'EPIPE' })",
    );
    expect(ended instanceof Error).toBe(false);
    expect(answer(ended).status).toBe(503);
  });

  it("answers 503 for the server's LockBusy code (the local database's write lock timed out: overload, not a bad request)", () => {
    const busy = new MongoServerError({ message: 'database is locked (5) (SQLITE_BUSY)', code: 46 });
    expect(answer(busy)).toEqual({
      status: 503,
      body: {
        statusCode: 503,
        code: 'DATABASE_UNAVAILABLE',
        message: 'The database is unavailable, try again shortly',
        error: 'Service Unavailable',
      },
    });
  });

  it('goes by the code, not the text: an internal error that mentions a lock is still a 500', () => {
    expect(answer(new MongoServerError({ message: 'database is locked (5) (SQLITE_BUSY)', code: 1 })).status).toBe(500);
  });

  it("answers 503 for mongoose's own give-up while disconnected, 500 for its other errors", () => {
    expect(answer(new mongoose.Error('Operation `users.findOne()` buffering timed out after 10000ms')).status).toBe(
      503,
    );
    expect(answer(new mongoose.Error('Connection operation buffering timed out after 10000ms')).status).toBe(503);
    expect(answer(new mongoose.Error.ValidationError()).status).toBe(500);
    // Its other bare errors are programming mistakes, not an absent database.
    expect(answer(new mongoose.Error('Model.findOne() no longer accepts a callback')).status).toBe(500);
  });

  it('answers 400 for a malformed id that reached a query', () => {
    const model = mongoose.model('CastProbe', new mongoose.Schema({ userId: mongoose.SchemaTypes.ObjectId }));
    let castError: unknown;
    try {
      model.find({ userId: 'not-an-id' }).cast();
    } catch (err) {
      castError = err;
    }
    expect(castError).toBeInstanceOf(mongoose.Error.CastError);
    expect(answer(castError)).toEqual({
      status: 400,
      body: { statusCode: 400, code: 'MALFORMED_ID', message: 'Malformed userId', error: 'Bad Request' },
    });
  });

  it('answers 500 without internals for any other server error', () => {
    const other = new MongoServerError({ message: 'E11000 duplicate key error', code: 11000 });
    expect(answer(other)).toEqual({
      status: 500,
      body: { statusCode: 500, code: 'INTERNAL', message: 'Internal server error', error: 'Internal Server Error' },
    });
  });
});
