/**
 * Edit Product (/editproduct/{id}): the spec's form with a spinner on first load,
 * "Update Product" / "Updating...", a back link, and the images side panel. A member who may
 * adjust stock but not change the catalogue (stock.adjust without catalog.write: Fulfilment)
 * gets the variants alone, with only their stock to change.
 */
import type { ProductDetail, ProductUpdateBody } from '@shop/shared/catalog';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { notify } from '@/lib/notify.tsx';
import { buttonClass, Card, ErrorNotice, PageHeader, Spinner } from '@/components/admin/ui.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { updateProductMutation } from '@/lib/api/product-admin.ts';
import { productOptions } from '@/lib/api/products.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages, onlyChanged, type ProductFormValues, productUpdateForm, serverErrors } from '../product-form.ts';
import { ProductFields } from './product-fields.tsx';
import { ProductImagesPanel } from './product-images-panel.tsx';
import { VariantsEditor } from './variants-editor.tsx';
import { useQuery, useMutation } from '@tanstack/react-query';
import { useCan } from '@/lib/back-office-access.ts';

export const LOAD_FAILED = 'Failed to load product data. Please try again.';
export const UPDATE_FAILED = 'Failed to update product. Please try again.';

function toFormValues(p: ProductDetail): ProductFormValues {
  return {
    title: p.title,
    heading: p.heading,
    price: String(p.price),
    discount: String(p.discount),
    description: p.description,
    color: p.color,
    size: p.size,
    counter: p.counter,
    availability: p.availability,
    categoryId: p.categoryId ?? '',
    brand: p.brandId ?? '',
    sub: p.subId ?? '',
    subsub: p.subsubId ?? '',
  };
}

const backLink = (
  <Link to="/producttable" className="mb-4 inline-flex items-center gap-1 text-sm text-neutral-700 hover:underline">
    <ArrowLeft size={16} aria-hidden="true" /> Back to Products
  </Link>
);

export function ProductEditPage({ id }: { id: string }) {
  const product = useQuery(productOptions(id));
  const canEdit = useCan()('catalog.edit');
  if (product.isPending) return <Spinner label="Loading product" />;
  if (product.error) {
    return (
      <>
        {backLink}
        <ErrorNotice>{LOAD_FAILED}</ErrorNotice>
      </>
    );
  }
  if (!canEdit) {
    return (
      <>
        {backLink}
        <PageHeader title="Edit Product" description={`${product.data.title}: stock only`} />
        <div className="max-w-4xl">
          <VariantsEditor key={product.data.id} product={product.data} />
        </div>
      </>
    );
  }
  // Keyed by id: the form takes the product's values once, so image changes never reset typing.
  return <ProductEditForm key={product.data.id} product={product.data} />;
}

function ProductEditForm({ product }: { product: ProductDetail }) {
  const navigate = useNavigate();
  const update = useMutation(updateProductMutation(product.id));
  const form = useForm<ProductFormValues, unknown, ProductUpdateBody>({
    defaultValues: toFormValues(product),
    resolver: zodResolver(productUpdateForm),
  });

  // Stock, sizes and colour change in the variants editor too: the form follows what was saved
  // there, and sends them only when they were changed here.
  const { counter, size, color } = product;
  const sizes = size.join(',');
  useEffect(() => {
    form.resetField('counter', { defaultValue: counter });
    form.resetField('size', { defaultValue: sizes ? sizes.split(',') : [] });
    form.resetField('color', { defaultValue: color });
  }, [form, counter, sizes, color]);

  const onSubmit = form.handleSubmit((body) => {
    const dirty = form.formState.dirtyFields;
    update.mutate(onlyChanged(body, { counter: !!dirty.counter, size: !!dirty.size, color: !!dirty.color }), {
      onSuccess: () => {
        notify.success('Product updated successfully');
        navigate('/producttable');
      },
      onError: (error) => {
        notify.error(UPDATE_FAILED);
        if (error instanceof ApiError) {
          for (const [field, message] of serverErrors(error)) form.setError(field, { message });
        }
      },
    });
  });

  return (
    <>
      {backLink}
      <PageHeader title="Edit Product" description={product.title} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <form onSubmit={onSubmit} noValidate className="xl:col-span-2">
          <Card>
            <ProductFields form={form} errors={messages(form.formState.errors)} mode="edit" />
            {update.error ? (
              <p role="alert" className="mt-5 text-sm text-red-600">
                {UPDATE_FAILED} {update.error.message !== UPDATE_FAILED ? `(${update.error.message})` : ''}
              </p>
            ) : null}
            <div className="mt-6 flex justify-end">
              <button type="submit" className={buttonClass.primary} disabled={update.isPending}>
                {update.isPending ? 'Updating...' : 'Update Product'}
              </button>
            </div>
          </Card>
        </form>
        <div className="self-start">
          <ProductImagesPanel product={product} />
        </div>
        <div className="xl:col-span-2">
          <VariantsEditor product={product} />
        </div>
      </div>
    </>
  );
}
