/** Choosing image files: the native chooser, how many files were chosen, and previews. */
import { useEffect, useId, useMemo } from 'react';

interface ImageFileInputProps {
  label: string;
  files: File[];
  onChange(files: File[]): void;
  multiple?: boolean;
  disabled?: boolean;
  id?: string;
}

export function ImageFileInput({ label, files, onChange, multiple = false, disabled, id: givenId }: ImageFileInputProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const previews = useMemo(() => files.map((file) => ({ name: file.name, url: URL.createObjectURL(file) })), [files]);
  useEffect(
    () => () => {
      for (const p of previews) URL.revokeObjectURL(p.url);
    },
    [previews],
  );

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-neutral-800">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple={multiple}
        disabled={disabled}
        onChange={(e) => onChange(Array.from(e.target.files ?? []))}
        className="block w-full text-sm text-neutral-700 file:mr-3 file:rounded-md file:border-0 file:bg-neutral-900 file:px-3 file:py-2 file:text-sm file:text-white hover:file:bg-neutral-700"
      />
      <p className="mt-1 text-xs text-neutral-600" aria-live="polite">
        {files.length > 0 ? `${files.length} ${files.length === 1 ? 'file' : 'files'} selected` : null}
      </p>
      {previews.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {previews.map((p) => (
            <li key={p.url}>
              <img
                src={p.url}
                alt={`Preview of ${p.name}`}
                className="h-20 w-20 rounded-md border border-neutral-200 object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
