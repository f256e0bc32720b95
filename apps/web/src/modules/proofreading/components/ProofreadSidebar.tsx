import type { ProofreadArticle } from '@coderoom/contracts';
import { ProofreadingState, SidebarKind } from '@coderoom/domain';
import { NavLink } from 'react-router';
import { CollapsibleSidebar } from '../../../ui/CollapsibleSidebar';
import { type ProofreadAddress, proofreadPageUrl } from '../utils/proofreadAddress';

/** The proofread sidebar (spec 000 §2 sidebar kinds): the article's views and one entry per pass. */
export function ProofreadSidebar({
  article,
  address,
}: {
  article: ProofreadArticle;
  address: ProofreadAddress;
}) {
  const visible = article.passes.filter((pass) => pass.suggestions !== null);
  const canIncorporate = article.allowed_actions.includes('incorporate');
  const hasIncorporations = article.passes.some((pass) => pass.incorporated_at !== null);
  return (
    <CollapsibleSidebar kind={SidebarKind.Proofread} label="Proofreading">
      <nav aria-label="Proofreading" className="side-nav">
        <NavLink to={proofreadPageUrl(address)} end>
          Overview
        </NavLink>
        <NavLink to={proofreadPageUrl(address, 'preview')}>Preview the draft</NavLink>
        {canIncorporate || article.state === ProofreadingState.AwaitingAuthorReview ? (
          <NavLink to={proofreadPageUrl(address, 'incorporate')}>Incorporate suggestions</NavLink>
        ) : null}
        {hasIncorporations ? (
          <NavLink to={proofreadPageUrl(address, 'reviewIncorporations')}>Review incorporations</NavLink>
        ) : null}
        {visible.length > 0 ? <p className="proofread-side-heading">Passes</p> : null}
        {visible.map((pass) => (
          <NavLink key={pass.pass_no} to={proofreadPageUrl(address, `pass/${pass.pass_no}/preview`)}>
            Pass {pass.pass_no} ({pass.suggestion_count})
          </NavLink>
        ))}
        <NavLink to="/proofread">All articles</NavLink>
      </nav>
    </CollapsibleSidebar>
  );
}
