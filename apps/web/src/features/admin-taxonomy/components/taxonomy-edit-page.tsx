/**
 * Edit Category / Brand / Sub-Category / Sub Sub-Category. The name (and parent) and the
 * image are changed by separate requests, as in the spec: the rename goes back to the
 * kind's table; the image block stays on the page and shows the new image.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { taxonomyNameBody } from '@shop/shared/catalog';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ImageFileInput } from '@/components/admin/image-file-input.tsx';
import { notify } from '@/lib/notify.tsx';
import { buttonClass, Card, ErrorNotice, PageHeader, Spinner } from '@/components/admin/ui.tsx';
import {
  taxonomyItemOptions,
  type TaxonomyKind,
  updateTaxonomyImageMutation,
  updateTaxonomyMutation,
} from '@/lib/api/taxonomy.ts';
import { IMAGE_FAILED, IMAGE_REQUIRED, TAXONOMY } from '../taxonomy-config.ts';
import { CategoryFeedCard } from './category-feed-card.tsx';
import { TaxonomyFields } from './taxonomy-fields.tsx';
import { useQuery, useMutation } from '@tanstack/react-query';

export function TaxonomyEditPage({ kind, id }: { kind: TaxonomyKind; id: string }) {
  const config = TAXONOMY[kind];
  const navigate = useNavigate();
  const item = useQuery(taxonomyItemOptions(kind, id));
  const update = useMutation(updateTaxonomyMutation(kind, id));
  const updateImage = useMutation(updateTaxonomyImageMutation(kind, id));
  const [parentId, setParentId] = useState('');
  const [image, setImage] = useState<File[]>([]);
  const [imageError, setImageError] = useState('');
  const form = useForm({ defaultValues: { name: '' }, resolver: zodResolver(taxonomyNameBody) });
  const { errors } = form.formState;

  const loaded = item.data;
  useEffect(() => {
    if (!loaded) return;
    form.reset({ name: loaded.name });
    if (config.parent) setParentId(loaded[config.parent.field] ?? '');
  }, [loaded, form, config.parent]);

  const onRename = form.handleSubmit(({ name }) => {
    const parent = config.parent ? { [config.parent.field]: parentId || null } : {};
    update.mutate(
      { name, ...parent },
      {
        onSuccess: () => {
          notify.success(`${config.singular} updated`, { area: 'admin' });
          navigate(config.tablePath);
        },
        onError: (error) => {
          notify.error(config.updateFailed, { area: 'admin' });
          form.setError('name', { message: error.message });
        },
      },
    );
  });

  const onImage = (e: FormEvent) => {
    e.preventDefault();
    const file = image[0];
    if (!file) {
      setImageError(IMAGE_REQUIRED);
      notify.error(IMAGE_REQUIRED, { area: 'admin' });
      return;
    }
    setImageError('');
    updateImage.mutate(file, {
      onSuccess: () => {
        setImage([]);
        notify.success('Image updated', { area: 'admin' });
      },
      onError: () => {
        setImageError(IMAGE_FAILED);
        notify.error(IMAGE_FAILED, { area: 'admin' });
      },
    });
  };

  const back = (
    <Link to={config.tablePath} className="mb-4 inline-flex items-center gap-1 text-sm text-neutral-700 hover:underline">
      <ArrowLeft size={16} aria-hidden="true" /> Back to {config.title}
    </Link>
  );
  if (item.isPending) return <Spinner />;
  if (item.error) {
    return (
      <>
        {back}
        <ErrorNotice>{item.error.message}</ErrorNotice>
      </>
    );
  }

  const currentImage = updateImage.data?.imageUrl ?? item.data.imageUrl;
  return (
    <>
      {back}
      <PageHeader title={`Edit ${config.singular}`} description={item.data.name} />
      <div className="grid grid-cols-1 max-w-4xl gap-6 md:grid-cols-2">
        <Card>
          <h2 className="mb-4 text-base font-semibold">Name</h2>
          <form onSubmit={onRename} className="space-y-5" noValidate>
            <TaxonomyFields
              config={config}
              name={form.register('name')}
              nameError={errors.name?.message}
              parentId={parentId}
              onParentChange={setParentId}
            />
            <button type="submit" className={buttonClass.primary} disabled={update.isPending}>
              {update.isPending ? 'Updating...' : 'Update'}
            </button>
          </form>
        </Card>
        {config.hasImage ? (
          <Card>
            <h2 className="mb-4 text-base font-semibold">Image</h2>
            {currentImage ? (
              <img
                src={currentImage}
                alt={`${item.data.name}`}
                className="mb-4 h-40 w-40 rounded-md border border-neutral-200 object-cover"
              />
            ) : (
              <p className="mb-4 text-sm text-neutral-500">No image yet.</p>
            )}
            <form onSubmit={onImage} className="space-y-4" noValidate>
              <ImageFileInput label="New image" files={image} onChange={(files) => setImage(files.slice(0, 1))} />
              {imageError ? (
                <p role="alert" className="text-sm text-red-600">
                  {imageError}
                </p>
              ) : null}
              <button type="submit" className={buttonClass.secondary} disabled={updateImage.isPending}>
                {updateImage.isPending ? 'Updating...' : 'Update Image'}
              </button>
            </form>
          </Card>
        ) : null}
        {kind === 'category' ? <CategoryFeedCard key={item.data.id} category={item.data} /> : null}
      </div>
    </>
  );
}
