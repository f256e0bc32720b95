import { MarketingLimits } from '@coderoom/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { TextField } from '../../../ui/TextField';
import { useBlogCategories } from '../api/useBlogCategories';
import { useBlogCategoryActions } from '../api/useBlogCategoryActions';

/** Editorial users add and remove the blog's categories (posts of a removed one keep no category). */
export function BlogCategoryManager() {
  const categories = useBlogCategories();
  const { create, remove } = useBlogCategoryActions();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), slug: slug.trim() },
      {
        onSuccess: () => {
          setName('');
          setSlug('');
        },
      },
    );
  };
  return (
    <section className="card blog-manage" aria-labelledby="manage-categories">
      <h2 id="manage-categories">Manage categories</h2>
      <ul>
        {categories.data?.categories.map((category) => (
          <li key={category.id}>
            <span>
              {category.name} <span className="muted">({category.post_count})</span>
            </span>
            <Button
              variant="ghost"
              busy={remove.isPending && remove.variables === category.id}
              onClick={() => remove.mutate(category.id)}
            >
              Delete {category.name}
            </Button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="blog-manage-form">
        <TextField
          label="Category name"
          value={name}
          required
          maxLength={MarketingLimits.categoryNameLength}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label="Slug"
          value={slug}
          required
          hint="Lower-case words with hyphens, e.g. release-notes"
          onChange={(event) => setSlug(event.target.value)}
        />
        {create.error ? <FormMessage tone="error">{create.error.message}</FormMessage> : null}
        <Button type="submit" busy={create.isPending}>
          Add category
        </Button>
      </form>
    </section>
  );
}
