import type { ProofreadArticle } from '@coderoom/contracts';
import { WidgetView } from '../../widgets/components/WidgetView';

/** `/preview`: the current draft as readers will see it once it is published. */
export function ArticlePreview({ article }: { article: ProofreadArticle }) {
  const context = {
    page: { author_id: article.author_id, collection_id: article.collection_id, page_id: article.page_id },
  };
  return (
    <article className="card proofread-preview" aria-labelledby="proofread-preview-heading">
      <h2 id="proofread-preview-heading">{article.title}</h2>
      {article.components.length === 0 ? <p className="muted">The draft is empty.</p> : null}
      {article.components.map((widget) => (
        <WidgetView key={widget.comp_id} widget={widget} context={context} />
      ))}
    </article>
  );
}
