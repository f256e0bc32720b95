import type { ProofreadArticle } from '@coderoom/contracts';
import { Link } from 'react-router';
import { FormMessage } from '../../../ui/FormMessage';
import { PageLoading } from '../../../ui/PageLoading';
import { ApiError } from '../../api/ApiError';
import { usePassPreview } from '../api/usePassPreview';
import { type ProofreadAddress, proofreadPageUrl } from '../utils/proofreadAddress';

/** `/pass[/{basePass}]/{selectedPass}/preview`: a pass's changes word by word, against its start or a pass. */
export function PassDiffView({
  article,
  address,
  selected,
  base,
}: {
  article: ProofreadArticle;
  address: ProofreadAddress;
  selected: number;
  base: number | null;
}) {
  const preview = usePassPreview(address, selected, base);
  const others = article.passes.filter((pass) => pass.pass_no !== selected && pass.suggestions !== null);

  return (
    <section className="card" aria-labelledby="proofread-diff-heading">
      <h2 id="proofread-diff-heading">
        Pass {selected} {base === null ? 'against the article it started from' : `against pass ${base}`}
      </h2>
      <nav aria-label="Compare with" className="proofread-compare">
        <span>Compare with:</span>
        <Link
          to={proofreadPageUrl(address, `pass/${selected}/preview`)}
          aria-current={base === null ? 'page' : undefined}
        >
          the article before this pass
        </Link>
        {others.map((pass) => (
          <Link
            key={pass.pass_no}
            to={proofreadPageUrl(address, `pass/${pass.pass_no}/${selected}/preview`)}
            aria-current={base === pass.pass_no ? 'page' : undefined}
          >
            pass {pass.pass_no}
          </Link>
        ))}
      </nav>
      {preview.isPending ? <PageLoading label="Loading the pass" /> : null}
      {preview.isError ? (
        <FormMessage tone="error">
          {preview.error instanceof ApiError ? preview.error.message : 'The pass could not be loaded.'}
        </FormMessage>
      ) : null}
      {preview.data ? (
        preview.data.blocks.every((block) => !block.changed) ? (
          <p className="muted">This pass changes nothing compared with that version.</p>
        ) : (
          <ol className="proofread-blocks">
            {preview.data.blocks.map((block) => (
              <li key={block.comp_id} className={block.changed ? 'proofread-block-changed' : undefined}>
                <p className="proofread-diff">
                  {block.diff.map((part, index) =>
                    part.change === 'removed' ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the diff is rendered once, in order
                      <del key={index}>
                        <span className="visually-hidden">Removed: </span>
                        {part.text}
                      </del>
                    ) : part.change === 'added' ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the diff is rendered once, in order
                      <ins key={index}>
                        <span className="visually-hidden">Added: </span>
                        {part.text}
                      </ins>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the diff is rendered once, in order
                      <span key={index}>{part.text}</span>
                    ),
                  )}
                </p>
              </li>
            ))}
          </ol>
        )
      ) : null}
    </section>
  );
}
