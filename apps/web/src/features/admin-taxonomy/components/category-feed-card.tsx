/**
 * Edit Category's "Catalogue feeds" card (issue 31): what Google Merchant Center and Meta's
 * catalogues are told of every product of the category (gender, age group, Google's product
 * category), saved by their own request; an empty choice leaves the field out of the feeds.
 */
import type { FeedAgeGroup, FeedGender } from '@shop/shared/constants';
import type { TaxonomyItem } from '@shop/shared/catalog';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { buttonClass, Card, errorProps, Field, inputClass } from '@/components/admin/ui.tsx';
import { updateTaxonomyMutation } from '@/lib/api/taxonomy.ts';
import { notify } from '@/lib/notify.tsx';

// Every value of Google's lists has its label (the Record's type checks it).
const GENDER_LABELS: Record<FeedGender, string> = { female: 'Female', male: 'Male', unisex: 'Unisex' };
const AGE_GROUP_LABELS: Record<FeedAgeGroup, string> = {
  adult: 'Adult',
  kids: 'Kids',
  toddler: 'Toddler',
  infant: 'Infant',
  newborn: 'Newborn',
};

/** A choice of Google's values (in `labels`' order), or none. */
function FeedSelect(props: {
  id: string;
  label: string;
  labels: Record<string, string>;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={props.label} htmlFor={props.id}>
      <select id={props.id} className={inputClass} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">Not given</option>
        {Object.entries(props.labels).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function CategoryFeedCard({ category }: { category: TaxonomyItem }) {
  const update = useMutation(updateTaxonomyMutation('category', category.id));
  const [gender, setGender] = useState<string>(category.gender ?? '');
  const [ageGroup, setAgeGroup] = useState<string>(category.ageGroup ?? '');
  const [productCategory, setProductCategory] = useState(category.googleProductCategory ?? '');
  const [error, setError] = useState('');

  const onSave = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    update.mutate(
      {
        gender: (gender || null) as FeedGender | null,
        ageGroup: (ageGroup || null) as FeedAgeGroup | null,
        googleProductCategory: productCategory.trim() || null,
      },
      {
        onSuccess: () => notify.success('Catalogue feed details saved', { area: 'admin' }),
        onError: (failure) => {
          setError(failure.message);
          notify.error('Could not save the catalogue feed details', { area: 'admin' });
        },
      },
    );
  };

  return (
    <Card className="md:col-span-2">
      <h2 className="text-base font-semibold">Catalogue feeds</h2>
      <p className="mt-1 mb-4 text-sm text-neutral-600">
        What Google Merchant Center and Meta (Instagram, Facebook and WhatsApp shops) are told of every product in this category.
        Clothing and jewellery need a gender and an age group; leave a field empty to leave it out.
      </p>
      <form onSubmit={onSave} className="grid gap-5 md:grid-cols-3" noValidate>
        <FeedSelect id="feed-gender" label="Gender" labels={GENDER_LABELS} value={gender} onChange={setGender} />
        <FeedSelect id="feed-age-group" label="Age group" labels={AGE_GROUP_LABELS} value={ageGroup} onChange={setAgeGroup} />
        <Field
          label="Google product category"
          htmlFor="feed-product-category"
          error={error || undefined}
          hint="Google's number or path, e.g. 1604 or Apparel & Accessories > Clothing"
        >
          <input
            id="feed-product-category"
            className={inputClass}
            value={productCategory}
            maxLength={250}
            onChange={(e) => setProductCategory(e.target.value)}
            {...errorProps('feed-product-category', error || undefined)}
          />
        </Field>
        <div className="md:col-span-3">
          <button type="submit" className={buttonClass.secondary} disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save feed details'}
          </button>
        </div>
      </form>
    </Card>
  );
}
