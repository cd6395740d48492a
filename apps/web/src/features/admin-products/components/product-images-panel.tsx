/**
 * The edit screen's side panel: the product's images, each with a remove button, and
 * Upload Images (disabled with no file chosen or while busy). Images change by their own
 * requests, independent of the form.
 */
import type { Product } from '@shop/shared/catalog';
import { X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ImageFileInput } from '@/components/admin/image-file-input.tsx';
import { notify } from '@/lib/notify.tsx';
import { buttonClass, Card } from '@/components/admin/ui.tsx';
import { setProductImagesMutation, uploadProductImagesMutation } from '@/lib/api/product-admin.ts';
import { useMutation } from '@tanstack/react-query';

export const IMAGES_REQUIRED = 'Please select images to upload';
export const IMAGES_FAILED = 'Failed to update images. Please try again.';
export const REMOVE_FAILED = 'Failed to remove image. Please try again.';

export function ProductImagesPanel({ product }: { product: Product }) {
  const upload = useMutation(uploadProductImagesMutation(product.id));
  const setImages = useMutation(setProductImagesMutation(product.id));
  const [files, setFiles] = useState<File[]>([]);
  const [inputKey, setInputKey] = useState(0);
  const busy = upload.isPending || setImages.isPending;

  const onUpload = (e: FormEvent) => {
    e.preventDefault();
    if (files.length === 0) {
      notify.error(IMAGES_REQUIRED);
      return;
    }
    upload.mutate(files, {
      onSuccess: () => {
        setFiles([]);
        setInputKey((k) => k + 1);
        notify.success('Images updated successfully');
      },
      onError: () => notify.error(IMAGES_FAILED),
    });
  };

  const onRemove = (url: string) =>
    setImages.mutate(
      product.imageUrls.filter((u) => u !== url),
      {
        onSuccess: () => notify.success('Image removed successfully'),
        onError: () => notify.error(REMOVE_FAILED),
      },
    );

  return (
    <Card>
      <h2 className="mb-3 text-base font-semibold">Images</h2>
      {product.imageUrls.length === 0 ? (
        <p className="mb-4 text-sm text-neutral-500">This product has no images yet.</p>
      ) : (
        <ul className="mb-4 grid grid-cols-3 gap-2">
          {product.imageUrls.map((url, i) => (
            <li key={url} className="relative">
              <img
                src={url}
                alt={`${product.title} (${i + 1} of ${product.imageUrls.length})`}
                className="aspect-square w-full rounded-md border border-neutral-200 object-cover"
              />
              <button
                type="button"
                onClick={() => onRemove(url)}
                disabled={busy}
                aria-label={`Remove image ${i + 1}`}
                className="absolute top-1 right-1 rounded-full bg-white/90 p-1 text-neutral-800 shadow hover:bg-white disabled:opacity-50"
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onUpload} className="space-y-3" noValidate>
        <ImageFileInput key={inputKey} label="Add images" files={files} onChange={setFiles} multiple disabled={busy} />
        <button type="submit" className={`${buttonClass.secondary} w-full`} disabled={files.length === 0 || busy}>
          {upload.isPending ? 'Uploading...' : 'Upload Images'}
        </button>
      </form>
    </Card>
  );
}
