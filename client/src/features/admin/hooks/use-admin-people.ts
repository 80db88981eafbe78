import { keepPreviousData } from '@tanstack/react-query';
import type { UserStatusFilter } from '@vizinhanca/shared/users/admin-users.schema';
import { messageMutation } from '../../../hooks/message-mutation.ts';
import { useJsonDownload } from '../../../hooks/use-json-download.ts';
import { refreshAfterChange } from '../../../lib/refresh-after-change.ts';
import { queryUtils, trpc } from '../../../lib/trpc.ts';
import { adminUsersInput } from '../admin-inputs.ts';


/** 'Usuários': search and status filter, page by page ('Carregar mais'). */
export function useAdminUsers(search: string, status: UserStatusFilter) {
  const query = trpc.admin.users.list.useInfiniteQuery(adminUsersInput(search, status), {
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });
  return { ...query, items: query.data?.pages.flatMap((page) => page.items) ?? [] };
}

/** 'Anunciantes': people with listings and their counts. */
export function useAdvertisers() {
  const query = trpc.admin.users.advertisers.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor });
  return { ...query, items: query.data?.pages.flatMap((page) => page.items) ?? [] };
}

/** The person the edit dialog shows, always read fresh (its version guards the save). */
export function useAdminUser(userId: string | null) {
  return trpc.admin.users.byId.useQuery({ userId: userId ?? '' }, { enabled: userId !== null, staleTime: 0 });
}

/**
 * After a change to a person, every list and count that may show them is refreshed: all of
 * the admin router (people, summary, pendencies, pending sign-ups, activity), the orders
 * section and every listing query.
 */
function useRefreshPeople() {
  const utils = trpc.useUtils();
  return async () => {
    // The routers' invalidations cover the lists again; the lists are named for their cancel.
    await refreshAfterChange(
      [utils.admin.users.list, utils.orders.moderation.list, utils.listings.list, utils.listings.moderation.pending, utils.listings.moderation.list],
      () => [utils.admin.invalidate(), utils.listings.invalidate()],
    );
  };
}

/** The edit dialog's saves: the person's data, and the anonymization. */
export function usePersonChanges() {
  const refresh = useRefreshPeople();
  return {
    update: trpc.admin.users.update.useMutation(messageMutation({ errorPrefix: 'Erro ao salvar usuário: ' }, refresh)),
    anonymize: trpc.admin.users.anonymize.useMutation(messageMutation({ errorPrefix: 'Erro ao anonimizar: ' }, refresh)),
  };
}

/** LGPD at the front desk: one person's data, fetched on demand (never cached) and saved as a JSON file. */
export function useExportPersonData() {
  return useJsonDownload(
    async (userId: string) => {
      const data = await queryUtils.admin.users.exportData.fetch({ userId }, { staleTime: 0, gcTime: 0 });
      return { fileName: `dados-${userId}-${data.exportedAt.slice(0, 10)}.json`, data };
    },
    { done: 'Dados baixados.', errorPrefix: 'Erro ao baixar os dados: ' },
  );
}
