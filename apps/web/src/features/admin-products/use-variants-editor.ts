/**
 * Edit Product's variants editor, its state: the form as loaded, each colour's photos, the
 * save (one PUT /api/products/{id}/variants with the size scale and each variant's
 * stockVersion as loaded), and what follows a save refused because a stock changed meanwhile
 * (STOCK_CHANGED): the editor is stale until the variants are loaded again.
 */
import type { ProductDetail } from '@shop/shared/catalog';
import { STOCK_CHANGED } from '@shop/shared/variants';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@/lib/api-client.ts';
import { setVariantsMutation } from '@/lib/api/product-admin.ts';
import { productOptions } from '@/lib/api/products.ts';
import { notify } from '@/lib/notify.tsx';
import { applyServerErrors } from '@/lib/server-errors.ts';
import {
  colourPhotos,
  type VariantsFormOutput,
  type VariantsFormValues,
  variantsForm,
  variantsFormValues,
  withPhotos,
} from './variant-form.ts';

/** A variants form: its rows and size scale, checked by the shared variant schema. */
export function useVariantsForm(values: VariantsFormValues) {
  return useForm<VariantsFormValues, unknown, VariantsFormOutput>({ defaultValues: values, resolver: zodResolver(variantsForm) });
}
export type VariantsForm = ReturnType<typeof useVariantsForm>;
export const NO_VARIANTS: VariantsFormValues = { sizeScale: 'standard', variants: [] };

export function useVariantsEditor(product: ProductDetail) {
  const save = useMutation(setVariantsMutation(product.id));
  const client = useQueryClient();
  const form = useVariantsForm(variantsFormValues(product));
  const [photos, setPhotos] = useState(() => colourPhotos(product));
  /** A save was refused: a stock changed after the form was loaded. */
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);

  const show = (loaded: ProductDetail) => {
    form.reset(variantsFormValues(loaded));
    setPhotos(colourPhotos(loaded));
    setStale(false);
  };

  const onSubmit = form.handleSubmit(({ sizeScale, variants }) => {
    save.mutate(
      { sizeScale, variants: withPhotos(variants, photos, product.imageUrls.length) },
      {
        onSuccess: (saved) => {
          show(saved);
          notify.success('Variants saved');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409 && error.message === STOCK_CHANGED) return setStale(true);
          // A row's refusal on its field (variants.2.barcode: a check digit, a barcode another variant has), and said.
          applyServerErrors(form, error);
          notify.error(error.message);
        },
      },
    );
  });

  const onReload = async () => {
    setReloading(true);
    try {
      show(await client.fetchQuery({ ...productOptions(product.id), staleTime: 0 }));
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'The variants could not be loaded');
    } finally {
      setReloading(false);
    }
  };

  return { form, photos, setPhotos, stale, reloading, saving: save.isPending, onSubmit, onReload };
}
