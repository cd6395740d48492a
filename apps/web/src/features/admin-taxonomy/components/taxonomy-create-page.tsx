/**
 * Create Category / Brand / Sub-Category / Sub Sub-Category: a name, an optional image
 * (categories and brands), an optional parent (subs and subsubs). Success → the kind's table.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { taxonomyNameBody } from '@shop/shared/catalog';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ImageFileInput } from '@/components/admin/image-file-input.tsx';
import { notify } from '@/lib/notify.tsx';
import { buttonClass, Card, PageHeader } from '@/components/admin/ui.tsx';
import { createTaxonomyMutation, type TaxonomyKind } from '@/lib/api/taxonomy.ts';
import { TAXONOMY } from '../taxonomy-config.ts';
import { TaxonomyFields } from './taxonomy-fields.tsx';
import { useMutation } from '@tanstack/react-query';

export function TaxonomyCreatePage({ kind }: { kind: TaxonomyKind }) {
  const config = TAXONOMY[kind];
  const navigate = useNavigate();
  const create = useMutation(createTaxonomyMutation(kind));
  const [image, setImage] = useState<File[]>([]);
  const [parentId, setParentId] = useState('');
  const form = useForm({ defaultValues: { name: '' }, resolver: zodResolver(taxonomyNameBody) });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ name }) => {
    const parent = config.parent ? { [config.parent.field]: parentId || null } : {};
    create.mutate(
      { name, ...parent, image: image[0] ?? null },
      {
        onSuccess: () => {
          notify.success(`${config.singular} created`, { area: 'admin' });
          navigate(config.tablePath);
        },
        onError: (error) => form.setError('name', { message: error.message }),
      },
    );
  });

  return (
    <>
      <Link to={config.tablePath} className="mb-4 inline-flex items-center gap-1 text-sm text-neutral-700 hover:underline">
        <ArrowLeft size={16} aria-hidden="true" /> Back to {config.title}
      </Link>
      <PageHeader title={`Create ${config.singular}`} />
      <Card className="max-w-xl">
        <form onSubmit={onSubmit} className="space-y-5" noValidate>
          <TaxonomyFields
            config={config}
            name={form.register('name')}
            nameError={errors.name?.message}
            parentId={parentId}
            onParentChange={setParentId}
          />
          {config.hasImage ? (
            <ImageFileInput label="Image (optional)" files={image} onChange={(files) => setImage(files.slice(0, 1))} />
          ) : null}
          <button type="submit" className={buttonClass.primary} disabled={create.isPending}>
            {create.isPending ? 'Creating ...' : `Create ${config.singular}`}
          </button>
        </form>
      </Card>
    </>
  );
}
