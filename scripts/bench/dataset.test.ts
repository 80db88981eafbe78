import { describe, expect, it } from 'vitest';
import { BENCH_SIZE, datasetSql, sessionId, sessionToken } from './dataset.ts';

describe('bench dataset', () => {
  it('builds every row in SQL, sized by the parameters', () => {
    const statements = datasetSql(BENCH_SIZE);
    const all = statements.join('\n');
    expect(all).toContain('generate_series(1, 100000)');
    expect(all).toContain('generate_series(1, 2000)');
    expect(all).toContain('LIMIT 10000');
    expect(statements.filter((sql) => sql.trimStart().startsWith('INSERT INTO'))).toHaveLength(5);
  });

  it('derives session ids the way the server does (SHA-256 hex of the cookie token)', () => {
    expect(sessionToken(3)).toBe('vz-bench-session-3');
    expect(sessionId(3)).toMatch(/^[0-9a-f]{64}$/);
  });
});
