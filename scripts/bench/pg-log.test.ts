import { describe, expect, it } from 'vitest';
import { between, cachedSessionStatements, JOB_QUEUE_STATEMENT, markerSql, parseLog, parseParameters, requestStatements } from './pg-log.ts';

const line = (pid: number, application: string, message: string, detail?: string) =>
  `@@vz@@${pid}@@${application}@@ LOG:  ${message}\n${detail ? `@@vz@@${pid}@@${application}@@ DETAIL:  ${detail}\n` : ''}`;

describe('Postgres statement log', () => {
  it('reads quoted, doubled-quote and NULL parameters', () => {
    expect(parseParameters("Parameters: $1 = 'active', $2 = 'it''s', $3 = NULL, $4 = '20'")).toEqual(['active', "it's", null, '20']);
    expect(parseParameters("Parameters: $1 = 'a, $2 = b'")).toEqual(['a, $2 = b']);
  });

  it('reads simple and extended-protocol statements over several lines, skipping other messages', () => {
    const log = [
      line(7, 'vizinhanca', 'statement: begin'),
      line(7, 'vizinhanca', 'execute <unnamed>: select * from "listings" where "id" = $1\nlimit $2', "Parameters: $1 = 'x\ny', $2 = '20'"),
      line(8, '', 'checkpoint starting: time'),
      line(7, 'vizinhanca', 'execute feed_page: select 1'),
    ].join('');
    expect(parseLog(log)).toEqual([
      { pid: 7, application: 'vizinhanca', sql: 'begin', params: [] },
      { pid: 7, application: 'vizinhanca', sql: 'select * from "listings" where "id" = $1\nlimit $2', params: ['x\ny', '20'] },
      { pid: 7, application: 'vizinhanca', sql: 'select 1', params: [] },
    ]);
  });

  it('keeps one request: from its session lookup, app connections only, background work and other transactions dropped, nothing after a mutation commits', () => {
    const log = [
      line(1, 'vizinhanca', 'execute <unnamed>: select 1 from before'),
      line(9, 'vz-bench', `statement: ${markerSql('order', 'begin')}`),
      line(6, 'vizinhanca', 'execute <unnamed>: select * from listings_due'),
      line(2, 'vizinhanca', 'execute <unnamed>: select * from sessions where id = $1', "Parameters: $1 = 'abc'"),
      line(3, 'vizinhanca', 'execute <unnamed>: select * from pgboss.job where state = $1', "Parameters: $1 = 'created'"),
      // The app's own idle check of the queues, written with the schema quoted.
      line(3, 'vizinhanca', 'execute <unnamed>: SELECT q.name FROM unnest($1::text[]) AS q(name) WHERE EXISTS (SELECT FROM "pgboss"."job" j WHERE j.name = q.name)', "Parameters: $1 = '{mail}'"),
      line(6, 'vizinhanca', 'statement: begin'),
      line(2, 'vizinhanca', 'statement: begin'),
      line(6, 'vizinhanca', 'execute <unnamed>: insert into notifications values ($1)', "Parameters: $1 = 'expiring'"),
      line(2, 'vizinhanca', 'execute <unnamed>: insert into orders values ($1)', "Parameters: $1 = 'o'"),
      line(6, 'vizinhanca', 'statement: commit'),
      line(2, 'vizinhanca', 'execute <unnamed>: insert into pgboss.job values ($1)', "Parameters: $1 = 'mail'"),
      line(2, 'vizinhanca', 'statement: commit'),
      line(4, 'vizinhanca', 'execute <unnamed>: select * from events where id = $1', "Parameters: $1 = '5'"),
      line(5, 'other', 'statement: select 2'),
      line(9, 'vz-bench', `statement: ${markerSql('order', 'end')}`),
    ].join('');
    const captured = requestStatements(between(parseLog(log), 'order'), { application: 'vizinhanca', firstParam: 'abc', ignore: JOB_QUEUE_STATEMENT, anchor: /into orders/, mutation: true });
    expect(captured.map((statement) => statement.sql)).toEqual([
      'select * from sessions where id = $1',
      'begin',
      'insert into orders values ($1)',
      'insert into pgboss.job values ($1)',
      'commit',
    ]);
    expect(() => between(parseLog(log), 'feed')).toThrow(/markers/);
  });

  it('takes a statement of held writes (no BEGIN, no COMMIT) as a transaction: kept with its anchor though it writes a job, nothing after it for a mutation', () => {
    const held = 'WITH held_2 AS (INSERT INTO pgboss.job (id) SELECT $2) insert into orders values ($1)';
    const log = [
      line(9, 'vz-bench', `statement: ${markerSql('reserve', 'begin')}`),
      line(2, 'vizinhanca', 'execute vz_1: insert into throttles values ($1)', "Parameters: $1 = 'k'"),
      line(3, 'vizinhanca', 'execute <unnamed>: WITH held_2 AS (INSERT INTO pgboss.job (id) SELECT $2) insert into notifications values ($1)', "Parameters: $1 = 'n', $2 = 'j'"),
      line(3, 'vizinhanca', 'execute <unnamed>: select * from pgboss.job where state = $1', "Parameters: $1 = 'created'"),
      line(2, 'vizinhanca', `execute vz_2: ${held}`, "Parameters: $1 = 'o', $2 = 'j2'"),
      line(4, 'vizinhanca', 'execute <unnamed>: select * from events where id = $1', "Parameters: $1 = '5'"),
      line(9, 'vz-bench', `statement: ${markerSql('reserve', 'end')}`),
    ].join('');
    const captured = requestStatements(between(parseLog(log), 'reserve'), { application: 'vizinhanca', ignore: JOB_QUEUE_STATEMENT, anchor: /into orders/, mutation: true });
    expect(captured.map((statement) => statement.sql)).toEqual(['insert into throttles values ($1)', held]);
  });

  it('captures a request in the cached-session state: the statements it sends when its session comes from the app\'s cache, and refuses a capture that read the session', () => {
    const warm = [
      line(9, 'vz-bench', `statement: ${markerSql('feed', 'begin')}`),
      line(3, 'vizinhanca', 'execute <unnamed>: select * from pgboss.job where state = $1', "Parameters: $1 = 'created'"),
      line(2, 'vizinhanca', 'execute vz_1: select * from "listings" as "l" limit $1', "Parameters: $1 = '21'"),
      line(9, 'vz-bench', `statement: ${markerSql('feed', 'end')}`),
    ].join('');
    expect(cachedSessionStatements(between(parseLog(warm), 'feed'), { application: 'vizinhanca', sessionId: 'abc', ignore: JOB_QUEUE_STATEMENT })).toEqual([
      { pid: 2, application: 'vizinhanca', sql: 'select * from "listings" as "l" limit $1', params: ['21'] },
    ]);
    const cold = [
      line(9, 'vz-bench', `statement: ${markerSql('feed', 'begin')}`),
      line(2, 'vizinhanca', 'execute <unnamed>: select * from "sessions" where "id" in ($1)', "Parameters: $1 = 'abc'"),
      line(2, 'vizinhanca', 'execute vz_1: select * from "listings" as "l" limit $1', "Parameters: $1 = '21'"),
      line(9, 'vz-bench', `statement: ${markerSql('feed', 'end')}`),
    ].join('');
    expect(() => cachedSessionStatements(between(parseLog(cold), 'feed'), { application: 'vizinhanca', sessionId: 'abc' })).toThrow(/read its session/);
  });
});
