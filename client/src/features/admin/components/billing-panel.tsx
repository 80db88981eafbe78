import { BILLING_MESSAGES, BILLING_STATUS_LABELS, BILLING_STATUS_TONES } from '@vizinhanca/shared/billing/billing.schema';
import { formatCalendarDate, formatCurrency } from '@vizinhanca/shared/format/format';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useBillingOverview, useMarkBillingPaid } from '../hooks/use-admin-billing.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { StatList } from '../../../components/ui/stat-list.tsx';
import { AdminPanel, CardList } from './admin-panel.tsx';

/** 'Cobranças' (spec 2.23; billing is not active, decisions.md): the figures, the rule, the latest charges. */
export function BillingPanel() {
  const overview = useBillingOverview();
  const markPaid = useMarkBillingPaid();
  return (
    <AdminPanel titleId="admin-billing-title" title="Cobranças">
      {overview.isPending ? (
        <Spinner />
      ) : overview.isError ? (
        <LoadError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <StatList
            className="admin-billing-stats"
            stats={[
              ['Total pendente', formatCurrency(overview.data.stats.totalPendingCents)],
              ['Pendentes', overview.data.stats.pendingCount],
              ['Vencidas', overview.data.stats.overdueCount],
            ]}
          />
          <p className="notice notice-info">{BILLING_MESSAGES.overdueNote}</p>
          {overview.data.items.length === 0 ? (
            <p className="admin-empty">Nenhuma cobrança registrada. A cobrança ainda não está ativa: tudo é gratuito.</p>
          ) : (
            <CardList label="Cobranças" items={overview.data.items}>
              {(billing) => (
                  <Card className="pending-card admin-billing-card" role="article" aria-label={`Cobrança de ${billing.user.fullName}`}>
                    <div className="admin-advertiser-header">
                      <strong>{billing.user.fullName}</strong>
                      <Badge variant={BILLING_STATUS_TONES[billing.status]}>
                        {BILLING_STATUS_LABELS[billing.status]}
                      </Badge>
                    </div>
                    <p className="pending-card-date">
                      {formatCurrency(billing.amountCents)} · vence em {formatCalendarDate(billing.dueDate)}
                      {billing.autoRenewal ? ' · renovação automática' : ''}
                    </p>
                    {billing.status === 'paid' ? null : (
                      <div className="admin-billing-actions">
                        <Button
                          variant="outline"
                          size="sm"
                          loading={markPaid.isPending && markPaid.variables.id === billing.id}
                          onClick={() => markPaid.mutate({ id: billing.id })}
                        >
                          Marcar como paga
                        </Button>
                      </div>
                    )}
                  </Card>
              )}
            </CardList>
          )}
        </>
      )}
    </AdminPanel>
  );
}
