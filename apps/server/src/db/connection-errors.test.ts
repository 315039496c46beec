/** Which failures mean "the database cannot be reached" (503) rather than a fault (500): issue 22. */
import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './connection-errors.ts';

const pgError = (code: string, severity = 'ERROR') =>
  Object.assign(new Error('from the server'), { code, severity });
/** What Drizzle throws: its own error, the driver's in `cause`. */
const wrapped = (cause: unknown) =>
  Object.assign(new Error('Failed query: select 1\nparams: '), { query: 'select 1', cause });

describe('isDatabaseUnreachable', () => {
  it.each([
    ['admin_shutdown (a restart, a terminated session)', pgError('57P01', 'FATAL')],
    ['cannot_connect_now (starting up)', pgError('57P03', 'FATAL')],
    ['a connection exception (class 08)', pgError('08006')],
    ['too many connections', pgError('53300', 'FATAL')],
    ['a database not accepting connections', pgError('55000', 'FATAL')],
    [
      'a refused socket',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['a reset socket', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a connection ended under a query', new Error('Connection terminated unexpectedly')],
    ['a connect that timed out', new Error('Connection terminated due to connection timeout')],
    ['no pool connection in time', new Error('timeout exceeded when trying to connect')],
    ['both addresses refused', new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })])],
  ])('%s is unreachable, bare or wrapped by Drizzle', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
    expect(isDatabaseUnreachable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505')],
    ['a check violation', pgError('23514')],
    ['object_not_in_prerequisite_state of a statement', pgError('55000')],
    ['a database that does not exist (a wrong setting, not an outage)', pgError('3D000', 'FATAL')],
    ['a wrong password', pgError('28P01', 'FATAL')],
    ['a syntax error', pgError('42601')],
    ['a plain error', new Error('something else')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', null],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
    expect(isDatabaseUnreachable(wrapped(error))).toBe(false);
  });
});
