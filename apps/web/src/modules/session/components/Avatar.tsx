import { initials } from './initials';

/** The user's picture, or their initials when they have none; decorative (the name is said nearby). */
export function Avatar({
  name,
  pictureUrl,
  size = 'small',
}: {
  name: string;
  pictureUrl: string | null;
  size?: 'small' | 'large';
}) {
  const className = `avatar${size === 'large' ? ' avatar-large' : ''}`;
  return pictureUrl ? (
    <img className={`${className} avatar-picture`} src={pictureUrl} alt="" aria-hidden="true" />
  ) : (
    <span className={className} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
