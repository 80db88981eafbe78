import type { ManagedListing } from '@vizinhanca/shared/listings/listing.schema';
import { useState } from 'react';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { AlertCircleIcon, ClockIcon, TagIcon } from '../../../components/ui/icons.tsx';
import { CreditCardIcon, InboxIcon, MegaphoneIcon, ShoppingBagIcon, UsersIcon } from '../../../components/ui/secondary-icons.tsx';
import { useAdminPendencies } from '../hooks/use-admin-pendencies.ts';
import { useAdminSummary } from '../hooks/use-admin-summary.ts';
import { useListingModeration } from '../hooks/use-moderate-listing.ts';
import { usePublicListingCount } from '../hooks/use-moderation-listings.ts';
import { ActivityPanel } from './activity-panel.tsx';
import { AdminOrdersPanel } from './admin-orders-panel.tsx';
import { AdvertisersPanel } from './advertisers-panel.tsx';
import { BillingPanel } from './billing-panel.tsx';
import { ExportsLinks } from './exports-links.tsx';
import { AllListingsPanel } from './all-listings-panel.tsx';
import { DeleteListingDialog } from '../../../components/delete-listing-dialog.tsx';
import type { ListingHandlers } from './listing-handlers.ts';
import { LISTING_REASON_TEXTS, ListingReasonDialog } from './listing-reason-dialog.tsx';
import { ListingViewDialog } from './listing-view-dialog.tsx';
import { PendenciesPanel } from './pendencies-panel.tsx';
import { ProblemsPanel } from './problems-panel.tsx';
import { ReportsPanel } from './reports-panel.tsx';
import { ADMIN_ONLY_SECTIONS, sectionPanelId, sectionTabId, SummaryTabs, type AdminSection, type SummaryTab } from './summary-tabs.tsx';
import { UserEditDialog } from './user-edit-dialog.tsx';
import { UsersPanel } from './users-panel.tsx';
import '../../../looks.css';
import '../admin.css';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

type OpenDialog = { kind: 'view' | 'reject' | 'pause' | 'delete'; listing: ManagedListing } | null;

interface AdminScreenProps {
  currentUserId: string;
  isAdmin: boolean;
  section: AdminSection;
  onSectionChange: (section: AdminSection) => void;
}

/** /admin (docs/product.md §10.17): pendencies (listings and, for admins, sign-ups), every listing and every order. */
export function AdminScreen({ currentUserId, isAdmin, section: requested, onSectionChange }: AdminScreenProps) {
  // Moderators see only the sections their powers cover.
  const section: AdminSection = !isAdmin && ADMIN_ONLY_SECTIONS.includes(requested) ? 'pendencias' : requested;
  const pendencies = useAdminPendencies();
  const publicCount = usePublicListingCount();
  const summary = useAdminSummary();
  const [editingUserId, setEditingUserId] = useState<string | null>(null);
  const { approve, reject, pause, activate, remove } = useListingModeration();
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const pendingListings = pendencies.data?.pendingListings ?? 0;
  // Moderators moderate content; people's sign-ups are admin business (docs/product.md).
  const pendingSignUps = isAdmin ? (pendencies.data?.pendingUsers ?? 0) : 0;
  const detail = isAdmin
    ? `${plural(pendingListings, 'anúncio', 'anúncios')} · ${plural(pendingSignUps, 'cadastro', 'cadastros')}`
    : plural(pendingListings, 'anúncio', 'anúncios');

  const count = (value: number | undefined) => (value === undefined ? '–' : String(value));
  const allTabs: SummaryTab[] = [
    {
      section: 'pendencias',
      label: 'Pendências',
      value: pendencies.isPending ? '–' : String(pendingListings + pendingSignUps),
      detail,
      tone: 'warning',
      Icon: InboxIcon,
    },
    {
      section: 'denuncias',
      label: 'Denúncias',
      value: count(summary.data?.openReports),
      detail: 'em análise',
      tone: 'warning',
      Icon: AlertCircleIcon,
    },
    {
      section: 'problemas',
      label: 'Problemas',
      value: count(summary.data?.openProblems),
      detail: 'em análise',
      tone: 'warning',
      Icon: AlertCircleIcon,
    },
    {
      section: 'usuarios',
      label: 'Usuários',
      value: count(summary.data?.users),
      detail: 'moradores cadastrados',
      tone: 'brand',
      Icon: UsersIcon,
    },
    {
      section: 'anunciantes',
      label: 'Anunciantes',
      value: count(summary.data?.advertisers),
      detail: 'com anúncios',
      tone: 'purple',
      Icon: TagIcon,
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
      value: count(summary.data?.pendingOrders),
      detail: summary.data?.pendingOrders === 1 ? 'pendente' : 'pendentes',
      tone: 'purple',
      Icon: ShoppingBagIcon,
    },
    {
      section: 'atividade',
      label: 'Atividade',
      value: count(summary.data?.activityToday),
      detail: 'nas últimas 24 horas',
      tone: 'brand',
      Icon: ClockIcon,
    },
    {
      section: 'cobrancas',
      label: 'Cobranças',
      value: count(summary.data?.pendingBillings),
      detail: 'em aberto',
      tone: 'warning',
      Icon: CreditCardIcon,
    },
  ];
  const tabs = allTabs.filter((tab) => isAdmin || !ADMIN_ONLY_SECTIONS.includes(tab.section));

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
          ) : section === 'denuncias' ? (
            <ReportsPanel isAdmin={isAdmin} />
          ) : section === 'problemas' ? (
            <ProblemsPanel />
          ) : section === 'usuarios' ? (
            <UsersPanel onEdit={setEditingUserId} />
          ) : section === 'anunciantes' ? (
            <AdvertisersPanel onManage={setEditingUserId} />
          ) : section === 'anuncios' ? (
            <AllListingsPanel handlers={handlers} />
          ) : section === 'pedidos' ? (
            <AdminOrdersPanel isAdmin={isAdmin} />
          ) : section === 'atividade' ? (
            <ActivityPanel />
          ) : (
            <BillingPanel />
          )}
        </div>
        {isAdmin ? <ExportsLinks /> : null}
      </main>

      <ListingViewDialog listing={dialogListing('view')} onClose={closeDialog} />
      {/* 'Rejeitar' and 'Pausar' ask for the same optional reason. */}
      {(
        [
          ['reject', reject, LISTING_REASON_TEXTS.rejectListing],
          ['pause', pause, LISTING_REASON_TEXTS.pauseListing],
        ] as const
      ).map(([kind, mutation, texts]) => (
        <ListingReasonDialog
          key={kind}
          target={dialogListing(kind)}
          texts={texts}
          pending={mutation.isPending}
          onConfirm={(id, reason, done) => mutation.mutate({ id, reason }, { onSuccess: done })}
          onClose={closeDialog}
        />
      ))}
      <UserEditDialog userId={editingUserId} currentUserId={currentUserId} onClose={() => setEditingUserId(null)} />
      <DeleteListingDialog
        listing={dialogListing('delete')}
        pending={remove.isPending}
        onConfirm={(id) => remove.mutate({ id }, { onSuccess: closeDialog })}
        onClose={closeDialog}
      />
    </div>
  );
}
