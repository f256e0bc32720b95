import { Link } from 'react-router';

/** A call-to-action link: in-app paths through the router, anchors and other sites as plain links. */
export function CtaLink({
  href,
  label,
  variant,
}: {
  href: string;
  label: string;
  variant: 'primary' | 'secondary';
}) {
  const className = `btn btn-${variant}`;
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link className={className} to={href}>
        {label}
      </Link>
    );
  }
  return (
    <a className={className} href={href} {...(href.startsWith('https://') ? { rel: 'noopener' } : {})}>
      {label}
    </a>
  );
}
