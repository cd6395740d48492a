/**
 * Create Product (/createProduct): the spec's fields, several images with their count and
 * previews, selects loaded from the server; "Creating ..." while busy; field errors from
 * the shared schema (and from the server); success → /producttable.
 */
import type { ProductCreateBody } from '@shop/shared/catalog';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ImageFileInput } from '@/components/admin/image-file-input.tsx';
import { notify } from '@/lib/notify.tsx';
import { buttonClass, Card, PageHeader } from '@/components/admin/ui.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { createProductMutation } from '@/lib/api/product-admin.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  EMPTY_PRODUCT_FORM,
  messages,
  productCreateForm,
  type ProductFormValues,
  serverErrors,
  toCreateFormData,
} from '../product-form.ts';
import { ProductFields } from './product-fields.tsx';
import { VariantsFields } from './variants-fields.tsx';
import { NO_VARIANTS, useVariantsForm } from '../use-variants-editor.ts';
import { type VariantsFormOutput, withPhotos } from '../variant-form.ts';
import { useCan } from '@/lib/back-office-access.ts';
import { useMutation } from '@tanstack/react-query';

export function ProductCreatePage() {
  const navigate = useNavigate();
  const create = useMutation(createProductMutation);
  // Without the permission to set prices, the price field is locked at 0: the product is
  // created paused, for someone who may price it.
  const pricesLocked = !useCan()('product.prices');
  const form = useForm<ProductFormValues, unknown, ProductCreateBody>({
    defaultValues: pricesLocked ? { ...EMPTY_PRODUCT_FORM, price: '0' } : EMPTY_PRODUCT_FORM,
    resolver: zodResolver(productCreateForm),
  });
  const [images, setImages] = useState<File[]>([]);
  // Sizes and colours with their own stock: optional; without them the Size, Color and
  // Quantity fields make the product's variants (the stock on the first size).
  const variants = useVariantsForm(NO_VARIANTS);
  const title = form.watch('title');

  const onSubmit = form.handleSubmit(async (body) => {
    let withVariants: ProductCreateBody = body;
    if (variants.getValues('variants').length > 0) {
      let checked: VariantsFormOutput | undefined;
      await variants.handleSubmit((values) => {
        checked = values;
      })();
      if (!checked) return;
      withVariants = { ...body, sizeScale: checked.sizeScale, variants: withPhotos(checked.variants, {}, 0) };
    }
    create.mutate(toCreateFormData(withVariants, images), {
      onSuccess: () => {
        notify.success('Product created successfully');
        navigate('/producttable');
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const [field, message] of serverErrors(error)) form.setError(field, { message });
        }
        notify.error(error.message);
      },
    });
  });

  return (
    <>
      <Link to="/producttable" className="mb-4 inline-flex items-center gap-1 text-sm text-neutral-700 hover:underline">
        <ArrowLeft size={16} aria-hidden="true" /> Back to Products
      </Link>
      <PageHeader title="Create Product" />
      <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <div className="space-y-6 xl:col-span-2">
          <Card>
            <ProductFields form={form} errors={messages(form.formState.errors)} mode="create" />
          </Card>
          <Card>
            <h2 className="text-base font-semibold">Sizes and colours (optional)</h2>
            <p className="mb-4 text-sm text-neutral-600">
              Stock, SKU and price for each size and colour. When listed here, they replace the Size, Color and Quantity above.
            </p>
            <VariantsFields form={variants} title={title} images={[]} photos={{}} onPhotos={() => {}} />
          </Card>
        </div>
        <div className="space-y-6">
          <Card>
            <h2 className="mb-3 text-base font-semibold">Images</h2>
            <ImageFileInput label="Product images" files={images} onChange={setImages} multiple />
          </Card>
          <button type="submit" className={`${buttonClass.primary} w-full`} disabled={create.isPending}>
            {create.isPending ? 'Creating ...' : 'Create Product'}
          </button>
        </div>
      </form>
    </>
  );
}
