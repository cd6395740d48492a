/** Blog Posts (/posttable): every post, newest first, paged on the server; edit and delete. */
import type { Post } from '@shop/shared/content';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { useConfirm } from '@/components/admin/confirm-dialog.tsx';
import { type Column, DataTable } from '@/components/admin/data-table.tsx';
import { shortDate } from '@/lib/dates.ts';
import { notify } from '@/lib/notify.tsx';
import { Pagination } from '@/components/admin/pagination.tsx';
import { buttonClass, PageHeader } from '@/components/admin/ui.tsx';
import { useTableParams } from '@/components/admin/use-table-params.ts';
import { deletePostMutation, postsPageOptions } from '@/lib/api/posts.ts';
import { useQuery, useMutation } from '@tanstack/react-query';

export function PostTablePage() {
  const table = useTableParams([] as const);
  const posts = useQuery(postsPageOptions(table.pageSize, table.offset));
  const remove = useMutation(deletePostMutation);
  const { confirm, dialog } = useConfirm();

  const onDelete = async (post: Post) => {
    if (!(await confirm(`Are you sure you want to delete the post "${post.title}"?`))) return;
    remove.mutate(post.id, {
      onSuccess: () => notify.success('Post deleted', { area: 'admin' }),
      onError: (error) => notify.error(error.message, { area: 'admin' }),
    });
  };

  const columns: Column<Post>[] = [
    {
      key: 'title',
      header: 'Title',
      cell: (p) => (
        <span className="flex items-center gap-3">
          {p.imageUrl ? (
            <img src={p.imageUrl} alt="" className="h-10 w-14 shrink-0 rounded object-cover" loading="lazy" />
          ) : (
            <span aria-hidden="true" className="h-10 w-14 shrink-0 rounded bg-neutral-100" />
          )}
          <span className="font-medium">{p.title}</span>
        </span>
      ),
    },
    { key: 'heading', header: 'Heading', cell: (p) => <span className="line-clamp-2">{p.heading}</span> },
    { key: 'date', header: 'Date', className: 'whitespace-nowrap', cell: (p) => shortDate(p.createdAt) },
    {
      key: 'edit',
      header: 'Edit',
      className: 'w-16 text-center',
      cell: (p) => (
        <Link to={`/editpost/${p.id}`} className={buttonClass.icon} aria-label={`Edit ${p.title}`}>
          <Pencil size={16} aria-hidden="true" />
        </Link>
      ),
    },
    {
      key: 'delete',
      header: 'Delete',
      className: 'w-16 text-center',
      cell: (p) => (
        <button type="button" className={buttonClass.icon} onClick={() => onDelete(p)} aria-label={`Delete ${p.title}`}>
          <Trash2 size={16} aria-hidden="true" />
        </button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Blog Posts"
        actions={
          <Link to="/createpost" className={buttonClass.primary}>
            <Plus size={16} aria-hidden="true" /> Create Post
          </Link>
        }
      />
      <DataTable
        caption="Blog posts"
        columns={columns}
        rows={posts.data?.items}
        rowKey={(p) => p.id}
        isLoading={posts.isPending}
        isFetching={posts.isPlaceholderData}
        error={posts.error?.message}
        emptyText="No posts yet"
      />
      <Pagination
        page={table.page}
        pageSize={table.pageSize}
        total={posts.data?.total ?? 0}
        onPage={table.setPage}
        onPageSize={table.setPageSize}
      />
      {dialog}
    </>
  );
}
