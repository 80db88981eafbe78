import type { ManagedListing } from '@vizinhanca/shared/listings/listing.schema';
import { ADMIN_ORDERS_LIMIT } from '@vizinhanca/shared/orders/order.schema';
import { useState } from 'react';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { InboxIcon, MegaphoneIcon, ShoppingBagIcon } from '../../../components/ui/icons.tsx';
import { usePendingOrderCount } from '../hooks/use-admin-orders.ts';
import { useAdminPendencies } from '../hooks/use-admin-pendencies.ts';
import {
  useActivateListing,
  useApproveListing,
  useDeleteListing,
  usePauseListing,
  useRejectListing,
} from '../hooks/use-moderate-listing.ts';
import { usePublicListingCount } from '../hooks/use-moderation-listings.ts';
import { AdminOrdersPanel } from './admin-orders-panel.tsx';
import { AllListingsPanel } from './all-listings-panel.tsx';
import { DeleteListingDialog } from './delete-listing-dialog.tsx';
import type { ListingHandlers } from './listing-handlers.ts';
import { ListingReasonDialog } from './listing-reason-dialog.tsx';
import { ListingViewDialog } from './listing-view-dialog.tsx';
import { PendenciesPanel } from './pendencies-panel.tsx';
import { ReportedMessagesPanel } from './reported-messages-panel.tsx';
import { sectionPanelId, sectionTabId, SummaryTabs, type AdminSection, type SummaryTab } from './summary-tabs.tsx';
import '../admin.css';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

type OpenDialog = { kind: 'view' | 'reject' | 'pause' | 'delete'; listing: ManagedListing } | null;

interface AdminScreenProps {
  isAdmin: boolean;
  section: AdminSection;
  onSectionChange: (section: AdminSection) => void;
}

/** /admin (docs/product.md §10.17): pendencies (listings and, for admins, sign-ups), every listing and every order. */
export function AdminScreen({ isAdmin, section, onSectionChange }: AdminScreenProps) {
  const pendencies = useAdminPendencies();
  const publicCount = usePublicListingCount();
  const pendingOrders = usePendingOrderCount();
  const approve = useApproveListing();
  const reject = useRejectListing();
  const pause = usePauseListing();
  const activate = useActivateListing();
  const remove = useDeleteListing();
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const pendingListings = pendencies.data?.pendingListings ?? 0;
  // Moderators moderate content; people's sign-ups are admin business (docs/product.md).
  const pendingSignUps = isAdmin ? (pendencies.data?.pendingUsers ?? 0) : 0;
  const detail = isAdmin
    ? `${plural(pendingListings, 'anúncio', 'anúncios')} · ${plural(pendingSignUps, 'cadastro', 'cadastros')}`
    : plural(pendingListings, 'anúncio', 'anúncios');

  const tabs: SummaryTab[] = [
    {
      section: 'pendencias',
      label: 'Pendências',
      value: pendencies.isPending ? '–' : String(pendingListings + pendingSignUps),
      detail,
      tone: 'warning',
      Icon: InboxIcon,
    },
    {
      section: 'anuncios',
      label: 'Anúncios',
      value: publicCount === null ? '–' : String(publicCount),
      detail: publicCount === 1 ? 'visível aos vizinhos' : 'visíveis aos vizinhos',
      tone: 'brand',
      Icon: MegaphoneIcon,
    },
    {
      section: 'pedidos',
      label: 'Pedidos',
      value: pendingOrders === null ? '–' : pendingOrders >= ADMIN_ORDERS_LIMIT ? `${ADMIN_ORDERS_LIMIT}+` : String(pendingOrders),
      detail: pendingOrders === 1 ? 'pendente' : 'pendentes',
      tone: 'purple',
      Icon: ShoppingBagIcon,
    },
  ];

  const running = [approve, reject, pause, activate, remove].find((mutation) => mutation.isPending);
  const handlers: ListingHandlers = {
    busyId: running?.variables?.id ?? null,
    view: (listing) => setDialog({ kind: 'view', listing }),
    approve: (listing) => approve.mutate({ id: listing.id }),
    reject: (listing) => setDialog({ kind: 'reject', listing }),
    pause: (listing) => setDialog({ kind: 'pause', listing }),
    activate: (listing) => activate.mutate({ id: listing.id }),
    remove: (listing) => setDialog({ kind: 'delete', listing }),
  };
  const dialogListing = (kind: NonNullable<OpenDialog>['kind']) => (dialog?.kind === kind ? dialog.listing : null);
  const closeDialog = () => setDialog(null);

  return (
    <div className="screen">
      <PageHeader title="Dashboard Admin" subtitle="Gerencie anúncios e configurações" backTo="/" />
      <main className="screen-main">
        <SummaryTabs tabs={tabs} value={section} onChange={onSectionChange} />
        <div role="tabpanel" id={sectionPanelId(section)} aria-labelledby={sectionTabId(section)} className="admin-panel">
          {section === 'pendencias' ? (
            <PendenciesPanel isAdmin={isAdmin} pendingListingCount={pendencies.data?.pendingListings ?? null} handlers={handlers} />
          ) : section === 'anuncios' ? (
            <AllListingsPanel handlers={handlers} />
          ) : (
            <AdminOrdersPanel isAdmin={isAdmin} />
          )}
        </div>
        <ReportedMessagesPanel />
      </main>

      <ListingViewDialog listing={dialogListing('view')} onClose={closeDialog} />
      <ListingReasonDialog
        listing={dialogListing('reject')}
        title="Rejeitar Anúncio"
        description="Deseja adicionar um motivo para a rejeição? (Opcional)"
        confirmLabel="Confirmar Rejeição"
        placeholder="Ex: a foto não corresponde ao item anunciado"
        pending={reject.isPending}
        onConfirm={(id, reason, done) => reject.mutate({ id, reason }, { onSuccess: done })}
        onClose={closeDialog}
      />
      <ListingReasonDialog
        listing={dialogListing('pause')}
        title="Pausar Anúncio"
        description="Deseja adicionar um motivo para a pausa? (Opcional)"
        confirmLabel="Confirmar Pausa"
        confirmVariant="primary"
        placeholder="Ex: aguardando ajuste na descrição"
        pending={pause.isPending}
        onConfirm={(id, reason, done) => pause.mutate({ id, reason }, { onSuccess: done })}
        onClose={closeDialog}
      />
      <DeleteListingDialog
        listing={dialogListing('delete')}
        pending={remove.isPending}
        onConfirm={(id, done) => remove.mutate({ id }, { onSuccess: done })}
        onClose={closeDialog}
      />
    </div>
  );
}
