import { useState, type FormEvent } from 'react';
import { DESK_STEP_LABELS, type DeskLookup } from '@vizinhanca/shared/portaria/portaria.schema';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { LogOutIcon } from '../../../components/ui/icons.tsx';
import { useLogout } from '../../../hooks/use-logout.ts';
import { useDesk } from '../hooks/use-desk.ts';
import '../portaria.css';

function apartmentOf(person: DeskLookup['owner']): string {
  return person.apartment ? `Apto ${person.apartment}` : 'Apartamento não informado';
}

/** Where the item is, in the desk's words. */
function whereText(handover: DeskLookup): string {
  if (handover.nextStep === 'giveBack') return 'Pedido cancelado: o item está na portaria, aguardando o dono buscar.';
  if (handover.leg === 'delivery') return handover.status === 'waiting' ? 'Entrega: o dono vai deixar o item aqui.' : 'Entrega: o item está na portaria, aguardando o morador.';
  return handover.status === 'waiting' ? 'Devolução: o morador vai deixar o item aqui.' : 'Devolução: o item está na portaria, aguardando o dono.';
}

function HandoverCard({ handover, advancing, onAdvance, onClear }: { handover: DeskLookup; advancing: boolean; onAdvance: () => void; onClear: () => void }) {
  return (
    <Card className="portaria-card">
      <section aria-labelledby="portaria-item">
        {handover.item.photoUrl ? <img className="portaria-photo" src={handover.item.photoUrl} alt="" width={320} height={240} /> : null}
        <h2 id="portaria-item" className="portaria-title">
          {handover.item.title}
        </h2>
        <p className="portaria-where">{whereText(handover)}</p>
        <dl className="portaria-people">
          {(
            [
              ['Dono', handover.owner],
              ['Morador', handover.requester],
            ] as const
          ).map(([role, person]) => (
            <div key={role}>
              <dt>{role}</dt>
              <dd>
                {person.fullName}
                <span>{apartmentOf(person)}</span>
              </dd>
            </div>
          ))}
        </dl>
        <div className="portaria-actions">
          <Button block onClick={onAdvance} loading={advancing}>
            {DESK_STEP_LABELS[handover.leg][handover.nextStep]}
          </Button>
          <Button block variant="ghost" onClick={onClear} disabled={advancing}>
            Outro código
          </Button>
        </div>
      </section>
    </Card>
  );
}

/**
 * /portaria: the front desk's phone. A typed code shows its order's item, both
 * people and the next step; nothing else of the app is reachable from here.
 */
export function PortariaScreen() {
  const desk = useDesk();
  const logout = useLogout();
  const [code, setCode] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    desk.search(code);
  }

  return (
    <main className="portaria-screen">
      <header className="portaria-header">
        <h1>Portaria</h1>
        <Button variant="ghost" size="sm" onClick={() => logout.mutate()} loading={logout.isPending}>
          <LogOutIcon />
          Sair
        </Button>
      </header>
      {desk.found ? (
        <HandoverCard
          handover={desk.found.handover}
          advancing={desk.advancing}
          onAdvance={() => desk.advance(desk.found!.handover.nextStep)}
          onClear={() => {
            desk.clear();
            setCode('');
          }}
        />
      ) : (
        <Card className="portaria-card">
          <form onSubmit={submit} noValidate>
            <TextField
              id="portaria-code"
              label="Código do pedido"
              hint="Os 6 números que o morador mostra no app."
              error={desk.error ?? undefined}
              inputMode="numeric"
              autoComplete="off"
              maxLength={7}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <Button type="submit" block loading={desk.searching}>
              Buscar
            </Button>
          </form>
        </Card>
      )}
    </main>
  );
}
