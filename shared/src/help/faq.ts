/** Ajuda (2.21): the four FAQ categories and the search that filters them as one types. */

export interface FaqItem {
  question: string;
  answer: string;
}

export interface FaqCategory {
  id: 'primeiros-passos' | 'alugueis' | 'comidas' | 'servicos';
  title: string;
  /** Words a resident may type for the whole category ('aluguel' for 'Aluguéis'). */
  keywords: string;
  items: FaqItem[];
}

export const FAQ: FaqCategory[] = [
  {
    id: 'primeiros-passos',
    title: 'Primeiros passos',
    keywords: 'começar cadastro conta aprovação inicio',
    items: [
      {
        question: 'Como começo a usar o Vizinhança?',
        answer:
          'Crie sua conta com nome, CPF, e-mail e apartamento. A administração do condomínio confere os dados e aprova o cadastro; você recebe um e-mail e já pode alugar, pedir comidas e contratar serviços.',
      },
      {
        question: 'Como publico um anúncio?',
        answer:
          'Toque em "Anunciar" na tela inicial, escolha o tipo (aluguel, comida ou serviço), preencha título, descrição e preço e envie. O anúncio aparece para os vizinhos depois que a administração aprovar.',
      },
      {
        question: 'Como convido um vizinho?',
        answer:
          'Em Perfil > Convites, informe o e-mail do vizinho ou compartilhe o seu link de convite. O convite vale por 7 dias e o cadastro ainda passa pela aprovação da administração.',
      },
    ],
  },
  {
    id: 'alugueis',
    title: 'Aluguéis',
    keywords: 'aluguel alugar item emprestimo devolução',
    items: [
      {
        question: 'Quando o meu item para aluguel aparece para os vizinhos?',
        answer: 'Depois que a administração aprova o anúncio. Ele fica ativo por 30 dias e pode ser renovado em Meus Anúncios.',
      },
      {
        question: 'Como funciona o aluguel de um item?',
        answer:
          'Escolha as datas no calendário (dias ocupados ficam indisponíveis) e envie a solicitação. O dono aprova, marca a entrega quando você retira o item e conclui o pedido na devolução.',
      },
      {
        question: 'Como combino a devolução?',
        answer:
          'A devolução é combinada diretamente com o dono do item na conversa do pedido, em Meus Pedidos → Conversar. Você recebe lembretes na véspera e no dia da devolução. Depois de concluído o pedido, os dois lados podem se avaliar.',
      },
    ],
  },
  {
    id: 'comidas',
    title: 'Comidas',
    keywords: 'comida refeição prato encomenda entrega',
    items: [
      {
        question: 'Como peço uma comida?',
        answer:
          'Abra o prato, escolha a quantidade e a forma de entrega (retirada, entrega no apartamento ou horário agendado) e envie o pedido. O vizinho que vende confirma pelo app.',
      },
      {
        question: 'Como pago o que pedi?',
        answer:
          'O pagamento é combinado diretamente entre vizinhos, por Pix ou em dinheiro, e confirmado no app. O Vizinhança não cobra nada por enquanto.',
      },
    ],
  },
  {
    id: 'servicos',
    title: 'Serviços',
    keywords: 'serviço contratar profissional hora',
    items: [
      {
        question: 'Como contrato um serviço?',
        answer:
          'Abra o serviço, escolha a data e o horário e envie a solicitação. O prestador aprova, marca o início e conclui quando terminar; depois os dois lados podem se avaliar.',
      },
      {
        question: 'Como é o pagamento de um serviço?',
        answer: 'Combinado diretamente com o prestador, por Pix ou em dinheiro, e confirmado no app quando o serviço for concluído.',
      },
    ],
  },
];

/** Lower case without accents: 'Aluguéis' and 'alugueis' compare equal. */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * The categories and questions that match every word typed, ignoring accents and case.
 * A word that names a category keeps all of its questions.
 */
export function filterFaq(query: string, categories: FaqCategory[] = FAQ): FaqCategory[] {
  const words = normalizeForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return categories;
  return categories
    .map((category) => {
      const categoryText = normalizeForSearch(`${category.title} ${category.keywords}`);
      const items = category.items.filter((item) => {
        const text = `${categoryText} ${normalizeForSearch(`${item.question} ${item.answer}`)}`;
        return words.every((word) => text.includes(word));
      });
      return { ...category, items };
    })
    .filter((category) => category.items.length > 0);
}
