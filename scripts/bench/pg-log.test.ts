import { describe, expect, it } from 'vitest';
import { between, markerSql, parseLog, parseLogLine, parseParameters, requestStatements } from './pg-log.ts';

const line = (pid: number, application: string, message: string, detail?: string) =>
  JSON.stringify({ timestamp: '2026-11-23 18:00:00.000 UTC', pid, application_name: application, error_severity: 'LOG', message, ...(detail ? { detail } : {}) });

describe('Postgres statement log', () => {
  it('reads quoted, doubled-quote and NULL parameters', () => {
    expect(parseParameters("Parameters: $1 = 'active', $2 = 'it''s', $3 = NULL, $4 = '20'")).toEqual(['active', "it's", null, '20']);
    expect(parseParameters("Parameters: $1 = 'a, $2 = b'")).toEqual(['a, $2 = b']);
  });

  it('reads simple and extended-protocol statements, skipping other messages', () => {
    expect(parseLogLine(line(7, 'vizinhanca', 'statement: begin'))).toEqual({ pid: 7, application: 'vizinhanca', sql: 'begin', params: [] });
    expect(parseLogLine(line(7, 'vizinhanca', 'execute <unnamed>: select * from "listings" where "id" = $1\nlimit $2', "Parameters: $1 = 'x', $2 = '20'"))).toEqual({
      pid: 7,
      application: 'vizinhanca',
      sql: 'select * from "listings" where "id" = $1\nlimit $2',
      params: ['x', '20'],
    });
    expect(parseLogLine(line(7, 'vizinhanca', 'execute feed_page: select 1'))?.sql).toBe('select 1');
    expect(parseLogLine(line(7, '', 'checkpoint starting: time'))).toBeNull();
  });

  it('keeps one request: between markers, app connections, background polling dropped, nothing after a mutation commits', () => {
    const log = [
      line(1, 'vizinhanca', 'execute <unnamed>: select 1 from before'),
      line(9, 'vz-bench', `statement: ${markerSql('order', 'begin')}`),
      line(2, 'vizinhanca', 'execute <unnamed>: select * from sessions where id = $1', "Parameters: $1 = 'abc'"),
      line(3, 'vizinhanca', 'execute <unnamed>: select * from pgboss.job where state = $1', "Parameters: $1 = 'created'"),
      line(2, 'vizinhanca', 'statement: begin'),
      line(2, 'vizinhanca', 'execute <unnamed>: insert into orders values ($1)', "Parameters: $1 = 'o'"),
      line(2, 'vizinhanca', 'execute <unnamed>: insert into pgboss.job values ($1)', "Parameters: $1 = 'mail'"),
      line(2, 'vizinhanca', 'statement: commit'),
      line(4, 'vizinhanca', 'execute <unnamed>: select * from events where id = $1', "Parameters: $1 = '5'"),
      line(5, 'other', 'statement: select 2'),
      line(9, 'vz-bench', `statement: ${markerSql('order', 'end')}`),
    ].join('\n');
    const captured = requestStatements(between(parseLog(log), 'order'), { application: 'vizinhanca', ignore: /pgboss\./, mutation: true });
    expect(captured.map((statement) => statement.sql)).toEqual([
      'select * from sessions where id = $1',
      'begin',
      'insert into orders values ($1)',
      'insert into pgboss.job values ($1)',
      'commit',
    ]);
    expect(() => between(parseLog(log), 'feed')).toThrow(/markers/);
  });
});
