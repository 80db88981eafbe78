// The bench's baselines run with the app's session settings: the connection string carries them as
// libpq and pg read them (percent-encoded `options`), whatever query the string had before.
import { parse } from 'pg-connection-string';
import { describe, expect, it } from 'vitest';
import { withSessionOptions } from './harness.ts';

const OPTIONS = '-c plan_cache_mode=force_generic_plan';

describe('withSessionOptions', () => {
  it('adds the settings as pg reads them, after any query the string had', () => {
    expect(parse(withSessionOptions('postgres://u:p@127.0.0.1:5432/app', OPTIONS)).options).toBe(OPTIONS);
    const withQuery = parse(withSessionOptions('postgres://u:p@127.0.0.1:5432/app?sslmode=disable', OPTIONS));
    expect(withQuery.options).toBe(OPTIONS);
    expect(withQuery.sslmode).toBe('disable');
  });

  it('leaves the string as it was without settings', () => {
    expect(withSessionOptions('postgres://u:p@127.0.0.1:5432/app')).toBe('postgres://u:p@127.0.0.1:5432/app');
  });

  it("encodes spaces as %20, not '+': libpq reads a URI's query with percent-decoding only", () => {
    expect(withSessionOptions('postgres://u@127.0.0.1:5432/app', OPTIONS)).toBe('postgres://u@127.0.0.1:5432/app?options=-c%20plan_cache_mode%3Dforce_generic_plan');
  });
});
