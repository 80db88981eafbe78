import { describe, expect, it } from 'vitest';
import { uuidParameters } from './fresh-ids.ts';

describe("a captured request's ids", () => {
  it('are the parameters that are uuids, each once; JSON and other values are not', () => {
    const id = '545ee1ec-a0b7-4765-9655-e9a31ca98e99';
    const statements = [
      { pid: 1, application: 'vizinhanca', sql: 'insert into notifications (id, title) values ($1, $2)', params: [id, 'Nova reserva'] },
      { pid: 1, application: 'vizinhanca', sql: 'insert into events (payload) values ($1)', params: [`{"id": "${id}"}`, null] },
      { pid: 1, application: 'vizinhanca', sql: 'insert into orders (id) values ($1)', params: ['6F3A1C2E-0B1D-4C5E-9F7A-1B2C3D4E5F60', id] },
    ];
    expect(uuidParameters(statements)).toEqual([id, '6F3A1C2E-0B1D-4C5E-9F7A-1B2C3D4E5F60']);
  });
});
