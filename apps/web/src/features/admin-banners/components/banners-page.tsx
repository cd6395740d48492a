/**
 * Banner Display (/createbanner): write a Banner Message and Create Post (→ /dashboard on
 * success, as in the spec); below, every banner, which can be shown, hidden or deleted.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { bannerCreateBody } from '@shop/shared/content';
import { Eye, EyeOff, Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useConfirm } from '@/components/admin/confirm-dialog.tsx';
import { shortDate } from '@/lib/dates.ts';
import { notify } from '@/lib/notify.tsx';
import { Badge, buttonClass, Card, ErrorNotice, errorProps, Field, inputClass, PageHeader } from '@/components/admin/ui.tsx';
import { allBannersOptions, createBannerMutation, deleteBannerMutation, updateBannerMutation } from '@/lib/api/banners.ts';
import { useQuery, useMutation } from '@tanstack/react-query';

/** The shared banner rules (a title of 1 to 200 characters, trimmed); the rest takes its defaults. */
const bannerForm = bannerCreateBody.pick({ title: true });

export function BannersPage() {
  const navigate = useNavigate();
  const banners = useQuery(allBannersOptions());
  const create = useMutation(createBannerMutation);
  const update = useMutation(updateBannerMutation);
  const remove = useMutation(deleteBannerMutation);
  const { confirm, dialog } = useConfirm();
  const form = useForm({ defaultValues: { title: '' }, resolver: zodResolver(bannerForm) });
  const error = form.formState.errors.title?.message;

  const onSubmit = form.handleSubmit(({ title }) =>
    create.mutate(title, {
      onSuccess: () => {
        notify.success('Banner created', { area: 'admin' });
        navigate('/dashboard');
      },
      onError: (err) => form.setError('title', { message: err.message }),
    }),
  );

  const onDelete = async (id: string, text: string) => {
    if (!(await confirm(`Are you sure you want to delete the banner "${text}"?`))) return;
    remove.mutate(id, {
      onSuccess: () => notify.success('Banner deleted', { area: 'admin' }),
      onError: (err) => notify.error(err.message, { area: 'admin' }),
    });
  };

  return (
    <>
      <PageHeader title="Banner Display" description="The messages the storefront's announcement bar rotates through." />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <Card>
          <form onSubmit={onSubmit} className="space-y-4" noValidate>
            <Field label="Banner Message" htmlFor="banner-title" error={error}>
              <input
                id="banner-title"
                maxLength={200}
                className={inputClass}
                {...errorProps('banner-title', error)}
                {...form.register('title')}
              />
            </Field>
            <button type="submit" className={buttonClass.primary} disabled={create.isPending}>
              {create.isPending ? 'Creating ...' : 'Create Post'}
            </button>
          </form>
        </Card>
        <Card>
          <h2 className="mb-3 text-base font-semibold">Banners</h2>
          {banners.error ? <ErrorNotice>{banners.error.message}</ErrorNotice> : null}
          {banners.isPending ? <p className="text-sm text-neutral-500">Loading...</p> : null}
          {banners.data?.length === 0 ? <p className="text-sm text-neutral-500">No banners yet.</p> : null}
          <ul className="divide-y divide-neutral-100">
            {banners.data?.map((b) => (
              <li key={b.id} className="flex items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className={`text-sm ${b.active ? 'text-neutral-900' : 'text-neutral-600 line-through'}`}>{b.title}</p>
                  <p className="mt-0.5 text-xs text-neutral-500">
                    {shortDate(b.createdAt)} {b.active ? <Badge tone="green">Showing</Badge> : <Badge>Hidden</Badge>}
                  </p>
                </div>
                <button
                  type="button"
                  className={buttonClass.icon}
                  onClick={() =>
                    update.mutate(
                      { id: b.id, active: !b.active },
                      { onError: (err) => notify.error(err.message, { area: 'admin' }) },
                    )
                  }
                  aria-label={b.active ? `Hide banner "${b.title}"` : `Show banner "${b.title}"`}
                >
                  {b.active ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
                </button>
                <button
                  type="button"
                  className={buttonClass.icon}
                  onClick={() => onDelete(b.id, b.title)}
                  aria-label={`Delete banner "${b.title}"`}
                >
                  <Trash2 size={16} aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        </Card>
      </div>
      {dialog}
    </>
  );
}
