import { describe, expect, it } from 'vitest';
import { SEARCH_MAX_LENGTH } from '@vizinhanca/shared/listings/listing.schema';
import { parseBrowseSearch } from './browse-search.ts';

describe('parseBrowseSearch', () => {
  it('keeps a trimmed search and a chip that fits the screen', () => {
    expect(parseBrowseSearch('food', { busca: '  bolo de cenoura ', filtro: 'advance' })).toEqual({ busca: 'bolo de cenoura', filtro: 'advance' });
    expect(parseBrowseSearch('rental', { filtro: 'available' })).toEqual({ busca: undefined, filtro: 'available' });
    expect(parseBrowseSearch('service', { filtro: 'available' })).toEqual({ busca: undefined, filtro: 'available' });
  });

  it('drops a chip of another screen, the default chip and unknown ones', () => {
    expect(parseBrowseSearch('food', { filtro: 'available' }).filtro).toBeUndefined();
    expect(parseBrowseSearch('rental', { filtro: 'ready' }).filtro).toBeUndefined();
    expect(parseBrowseSearch('service', { filtro: 'advance' }).filtro).toBeUndefined();
    expect(parseBrowseSearch('food', { filtro: 'all' }).filtro).toBeUndefined();
    expect(parseBrowseSearch('food', { filtro: 'READY' }).filtro).toBeUndefined();
    expect(parseBrowseSearch('food', { filtro: ['ready'] }).filtro).toBeUndefined();
  });

  it('reads a search the URL parser turned into a number', () => {
    expect(parseBrowseSearch('rental', { busca: 220 }).busca).toBe('220');
  });

  it('drops an empty, blank or non-text search', () => {
    expect(parseBrowseSearch('rental', {})).toEqual({ busca: undefined, filtro: undefined });
    expect(parseBrowseSearch('rental', { busca: '   ' }).busca).toBeUndefined();
    expect(parseBrowseSearch('rental', { busca: { q: 'x' } }).busca).toBeUndefined();
    expect(parseBrowseSearch('rental', { busca: true }).busca).toBeUndefined();
  });

  it('cuts a search to the length the server accepts', () => {
    const long = `  ${'a'.repeat(SEARCH_MAX_LENGTH + 20)}`;
    expect(parseBrowseSearch('food', { busca: long }).busca).toBe('a'.repeat(SEARCH_MAX_LENGTH));
  });
});
