import { useState } from 'react';
import { ProductImage } from '@/components/product-image.tsx';

/** The product's photos: the main one, and thumbnails that choose it. */
export function ProductGallery({ images, title }: { images: string[]; title: string }) {
  const [active, setActive] = useState(0);
  const current = images[active] ?? images[0] ?? null;
  return (
    <div className="flex flex-col-reverse gap-3 md:flex-row">
      {images.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto md:w-20 md:flex-col md:overflow-visible" aria-label="Product images">
          {images.map((url, i) => (
            <li key={url} className="w-16 shrink-0 md:w-full">
              <button
                type="button"
                onClick={() => setActive(i)}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-pressed={i === active}
                className={`block w-full border-2 ${i === active ? 'border-ink' : 'border-transparent hover:border-line'}`}
              >
                <ProductImage url={url} alt="" sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex-1">
        <ProductImage url={current} alt={title} sizes="(min-width: 1024px) 50vw, 100vw" priority />
      </div>
    </div>
  );
}
