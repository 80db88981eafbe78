import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ListingType, ManagedListing } from '@vizinhanca/shared/listings/listing.schema';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { StatusCard } from '../../../components/status-card.tsx';
import { AlertCircleIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage, fieldErrorsOf } from '../../../lib/show-error-toast.ts';
import { trpc } from '../../../lib/trpc.ts';
import { useCreateListing, useUpdateListing } from '../hooks/use-save-listing.ts';
import { EMPTY_LISTING_FORM, formValuesFromListing } from '../listing-form-values.ts';
import { CategoryStep, categoryName } from './category-step.tsx';
import { ListingForm } from './listing-form.tsx';
import '../../../looks.css';
import '../listing-editor.css';

interface EditorFrameProps {
  title: string;
  subtitle?: string;
  backTo: string;
  children: ReactNode;
}

/** A focused task: no bottom navigation, so a stray tap cannot drop a half-written listing. */
function EditorFrame({ title, subtitle, backTo, children }: EditorFrameProps) {
  return (
    <div className="screen">
      <PageHeader title={title} subtitle={subtitle} backTo={backTo} />
      <main className="screen-main editor-main">{children}</main>
    </div>
  );
}

/** /anuncios/criar (docs/product.md §10.11): step 1 without ?category=, step 2 with it; ?edit={id} edits. */
export function ListingEditorScreen({ category, editId, wantedRequestId }: { category?: ListingType; editId?: string; wantedRequestId?: string }) {
  if (editId) return <EditListing id={editId} />;
  if (!category) {
    return (
      <EditorFrame title="Criar Anúncio" subtitle="Passo 1 de 2 · Categoria" backTo="/anuncios">
        <CategoryStep />
      </EditorFrame>
    );
  }
  if (wantedRequestId) return <CreateFromWanted type={category} requestId={wantedRequestId} />;
  return <CreateListing type={category} />;
}

/** 'Eu tenho' → 'Criar anúncio': the form starts with the request's words and the listing is linked to it once created. */
function CreateFromWanted({ type, requestId }: { type: ListingType; requestId: string }) {
  const request = trpc.wanted.byId.useQuery({ id: requestId });
  if (request.isPending) return <Spinner />;
  if (request.isError) return <CreateListing type={type} />;
  const initialValues = { ...EMPTY_LISTING_FORM, title: request.data.title, description: request.data.description };
  return <CreateListing type={type} initialValues={initialValues} wantedRequestId={requestId} />;
}

function CreateListing({ type, initialValues = EMPTY_LISTING_FORM, wantedRequestId }: { type: ListingType; initialValues?: typeof EMPTY_LISTING_FORM; wantedRequestId?: string }) {
  const create = useCreateListing();
  return (
    <EditorFrame title="Criar Anúncio" subtitle={`Passo 2 de 2 · ${categoryName(type)}`} backTo={wantedRequestId ? `/procura-se/${wantedRequestId}` : '/anuncios/criar'}>
      <ListingForm
        // A new category is a new form.
        key={type}
        type={type}
        initialValues={initialValues}
        initialPhotos={[]}
        submitLabel="Publicar Anúncio"
        submitting={create.isPending}
        onSubmit={(input, onFieldErrors) => create.mutate({ ...input, wantedRequestId: wantedRequestId ?? null }, { onError: (error) => onFieldErrors(fieldErrorsOf(error)) })}
      />
      <p className="editor-review-note">Seu anúncio aparece para os vizinhos depois da aprovação do administrador.</p>
    </EditorFrame>
  );
}

function EditListing({ id }: { id: string }) {
  const listing = trpc.listings.ownerView.useQuery({ id });

  if (listing.isPending) {
    return (
      <EditorFrame title="Editar Anúncio" backTo="/anuncios">
        <Spinner label="Carregando anúncio..." />
      </EditorFrame>
    );
  }
  if (listing.isError) {
    const notFound = [400, 403, 404].includes(listing.error.data?.httpStatus ?? 0);
    return (
      <EditorFrame title="Editar Anúncio" backTo="/anuncios">
        <StatusCard
          tone="danger"
          title={notFound ? 'Anúncio não encontrado' : 'Não foi possível carregar'}
          text={notFound ? 'Ele pode ter sido excluído ou o endereço está incorreto.' : errorMessage(listing.error)}
        >
          <Link to="/anuncios" className={buttonClassName({ size: 'lg', block: true })}>
            Voltar para Meus Anúncios
          </Link>
        </StatusCard>
      </EditorFrame>
    );
  }
  return <EditForm listing={listing.data} />;
}

function EditForm({ listing }: { listing: ManagedListing }) {
  const update = useUpdateListing();
  return (
    <EditorFrame title="Editar Anúncio" subtitle={categoryName(listing.type)} backTo={`/anuncio/${listing.id}`}>
      {listing.status === 'active' || listing.status === 'inactive' ? (
        <p className="notice notice-info editor-edit-note">
          <AlertCircleIcon />
          <span>Alterar título, descrição, preço ou fotos envia o anúncio de novo para aprovação do administrador.</span>
        </p>
      ) : null}
      <ListingForm
        key={listing.id}
        type={listing.type}
        initialValues={{ ...EMPTY_LISTING_FORM, ...formValuesFromListing(listing) }}
        initialPhotos={listing.photos.map((photo) => ({ id: photo.id, url: photo.cardUrl }))}
        submitLabel="Salvar Alterações"
        submitting={update.isPending}
        onSubmit={(input, onFieldErrors) =>
          update.mutate({ ...input, id: listing.id }, { onError: (error) => onFieldErrors(fieldErrorsOf(error)) })
        }
      />
    </EditorFrame>
  );
}
