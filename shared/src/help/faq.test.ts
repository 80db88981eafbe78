import { describe, expect, it } from 'vitest';
import { FAQ, filterFaq } from './faq.ts';

describe('the help search', () => {
  it('shows everything for an empty search', () => {
    expect(filterFaq('  ')).toEqual(FAQ);
    expect(FAQ.map((category) => category.title)).toEqual(['Primeiros passos', 'Aluguéis', 'Comidas', 'Serviços']);
  });

  it("ignores accents and case: 'aluguel' and 'ALUGUEIS' find the Aluguéis questions", () => {
    expect(filterFaq('aluguel').map((category) => category.title)).toContain('Aluguéis');
    expect(filterFaq('ALUGUEIS').map((category) => category.title)).toEqual(['Aluguéis']);
    expect(filterFaq('LEMBRETES')[0]!.items.map((item) => item.question)).toEqual(['Como combino a devolução?']);
  });

  it('needs every word and finds nothing for nonsense', () => {
    const pix = filterFaq('pix dinheiro');
    expect(pix.map((category) => category.title)).toEqual(['Comidas', 'Serviços']);
    expect(filterFaq('xyzzy')).toEqual([]);
  });
});
