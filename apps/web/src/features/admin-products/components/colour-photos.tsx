/** "Photos for each colour": which of the product's photos the shop shows when a shopper picks a colour (none ticked: all). */
import { ticked } from '../variant-form.ts';

export function ColourPhotos({
  colours,
  images,
  photos,
  onPhotos,
}: {
  colours: string[];
  images: readonly string[];
  /** Each colour's photos, by colour in lower case. */
  photos: Record<string, string[]>;
  onPhotos(photos: Record<string, string[]>): void;
}) {
  return (
    <fieldset className="mt-4 rounded-md border border-neutral-200 p-3">
      <legend className="px-1 text-sm font-medium">Photos for each colour</legend>
      <p className="mb-2 text-xs text-neutral-600">The shop shows these when a shopper picks the colour; none ticked: all.</p>
      {colours.map((colour) => {
        const chosen = photos[colour.toLowerCase()] ?? [];
        return (
          <fieldset key={colour} className="mb-2 flex flex-wrap items-center gap-2">
            <legend className="sr-only">Photos of {colour}</legend>
            <span aria-hidden="true" className="w-24 truncate text-sm">
              {colour}
            </span>
            {images.map((url, i) => (
              <label key={url} className="relative cursor-pointer">
                <input
                  type="checkbox"
                  className="peer absolute top-1 left-1"
                  checked={chosen.includes(url)}
                  onChange={(e) => onPhotos({ ...photos, [colour.toLowerCase()]: ticked(images, chosen, url, e.target.checked) })}
                  aria-label={`Photo ${i + 1} shows ${colour}`}
                />
                <img
                  src={url}
                  alt=""
                  className="h-12 w-12 rounded border-2 border-transparent object-cover peer-checked:border-neutral-900"
                />
              </label>
            ))}
          </fieldset>
        );
      })}
    </fieldset>
  );
}
