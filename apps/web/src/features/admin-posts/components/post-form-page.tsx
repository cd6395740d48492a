/** Create or edit a blog post: title, heading, text and an optional image. */
import { zodResolver } from '@hookform/resolvers/zod';
import { type Post, postCreateBody } from '@shop/shared/content';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ImageFileInput } from '@/components/admin/image-file-input.tsx';
import { notify } from '@/lib/notify.tsx';
import { buttonClass, Card, ErrorNotice, errorProps, Field, inputClass, PageHeader, Spinner } from '@/components/admin/ui.tsx';
import { createPostMutation, postOptions, updatePostMutation } from '@/lib/api/posts.ts';
import { useQuery, useMutation } from '@tanstack/react-query';

const backLink = (
  <Link to="/posttable" className="mb-4 inline-flex items-center gap-1 text-sm text-neutral-700 hover:underline">
    <ArrowLeft size={16} aria-hidden="true" /> Back to Blog Posts
  </Link>
);

export function PostCreatePage() {
  return <PostForm />;
}

export function PostEditPage({ id }: { id: string }) {
  const post = useQuery(postOptions(id));
  if (post.isPending) return <Spinner />;
  if (post.error) {
    return (
      <>
        {backLink}
        <ErrorNotice>{post.error.message}</ErrorNotice>
      </>
    );
  }
  return <PostForm key={post.data.id} post={post.data} />;
}

function PostForm({ post }: { post?: Post }) {
  const navigate = useNavigate();
  const create = useMutation(createPostMutation);
  const update = useMutation(updatePostMutation(post?.id ?? ''));
  const save = post ? update : create;
  const [image, setImage] = useState<File[]>([]);
  const [removeImage, setRemoveImage] = useState(false);
  const form = useForm({
    defaultValues: { title: post?.title ?? '', heading: post?.heading ?? '', text: post?.text ?? '' },
    resolver: zodResolver(postCreateBody),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    save.mutate(
      { ...values, image: image[0] ?? null, removeImage },
      {
        onSuccess: () => {
          notify.success(post ? 'Post updated' : 'Post created', { area: 'admin' });
          navigate('/posttable');
        },
        onError: (error) => notify.error(error.message, { area: 'admin' }),
      },
    );
  });

  const currentImage = post?.imageUrl && !removeImage ? post.imageUrl : null;
  return (
    <>
      {backLink}
      <PageHeader title={post ? 'Edit Post' : 'Create Post'} />
      <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <Card className="space-y-5 xl:col-span-2">
          <Field label="Title" htmlFor="post-title" error={errors.title?.message}>
            <input
              id="post-title"
              className={inputClass}
              {...errorProps('post-title', errors.title?.message)}
              {...form.register('title')}
            />
          </Field>
          <Field label="Heading" htmlFor="post-heading" error={errors.heading?.message}>
            <input id="post-heading" className={inputClass} {...form.register('heading')} />
          </Field>
          <Field label="Text" htmlFor="post-text" error={errors.text?.message}>
            <textarea id="post-text" rows={14} className={inputClass} {...form.register('text')} />
          </Field>
        </Card>
        <div className="space-y-6">
          <Card className="space-y-4">
            <h2 className="text-base font-semibold">Image</h2>
            {currentImage ? (
              <div>
                <img src={currentImage} alt="" className="aspect-video w-full rounded-md object-cover" />
                <button type="button" className={`${buttonClass.secondary} mt-2`} onClick={() => setRemoveImage(true)}>
                  Remove image
                </button>
              </div>
            ) : null}
            <ImageFileInput
              label={currentImage ? 'Replace image' : 'Image (optional)'}
              files={image}
              onChange={(f) => setImage(f.slice(0, 1))}
            />
          </Card>
          <button type="submit" className={`${buttonClass.primary} w-full`} disabled={save.isPending}>
            {save.isPending ? (post ? 'Updating...' : 'Creating ...') : post ? 'Update Post' : 'Create Post'}
          </button>
        </div>
      </form>
    </>
  );
}
