import { TitledSection } from '../../../components/layout/titled-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { trpc } from '../../../lib/trpc.ts';
import { useBlocks } from '../hooks/use-trust.ts';
import '../../../looks.css';

/** Configurações → 'Pessoas bloqueadas', each with 'Desbloquear'. */
export function BlockedPeopleSection() {
  const blocked = trpc.blocks.list.useQuery();
  const { unblock } = useBlocks();
  const items = blocked.data?.items ?? [];
  return (
    <TitledSection titleId="settings-blocked" title="Pessoas bloqueadas">
      {blocked.isPending ? (
        <Spinner label="Carregando pessoas bloqueadas" />
      ) : items.length === 0 ? (
        <p className="muted">Você não bloqueou ninguém.</p>
      ) : (
        <ul className="blocked-list" aria-label="Pessoas bloqueadas">
          {items.map((person) => (
            <li key={person.id} className="blocked-person">
              <span className="blocked-name">
                {person.fullName}
                {person.apartment ? <span className="muted"> · {person.apartment}</span> : null}
              </span>
              <Button
                variant="outline"
                size="sm"
                loading={unblock.isPending && unblock.variables?.userId === person.id}
                aria-label={`Desbloquear ${person.fullName}`}
                onClick={() => unblock.mutate({ userId: person.id })}
              >
                Desbloquear
              </Button>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
