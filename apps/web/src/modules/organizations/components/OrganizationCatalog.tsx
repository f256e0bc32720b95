import { CourseCard } from '../../reader/components/CourseCard';
import { useOrganizationCatalog } from '../api/organizationQueries';

/** /learn/organization: the catalogue as the organization's subscription bounds it. */
export function OrganizationCatalog({ isMember }: { isMember: boolean }) {
  const { data, isPending, isError } = useOrganizationCatalog(isMember);
  if (!isMember) {
    return (
      <div className="card empty-state">
        <p className="muted">
          You are not in an organization. Courses your organization offers would show up here.
        </p>
      </div>
    );
  }
  if (isPending) {
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  }
  if (isError) return <p role="alert">The catalogue could not be loaded. Reload to try again.</p>;
  return (
    <section aria-labelledby="org-catalog-heading">
      <h2 id="org-catalog-heading">{data.name}</h2>
      <ul className="card-grid">
        {data.items.map((card) => (
          <li key={card.collection_id}>
            <CourseCard card={card} />
          </li>
        ))}
      </ul>
    </section>
  );
}
