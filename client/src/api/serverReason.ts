import type { ErrorBody } from '@contract';

/** The server's own words for a refused request sent outside RTK Query (an upload's PUT: 413, 415…), if it answered its error shape. */
export function serverReason(xhr: Pick<XMLHttpRequest, 'responseText'>): string | undefined {
  try {
    const body = JSON.parse(xhr.responseText) as Partial<ErrorBody>;
    return typeof body.message === 'string' ? body.message : undefined;
  } catch {
    return undefined; // not the server's error shape
  }
}
