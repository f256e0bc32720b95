import type { CollectionCard } from '@coderoom/contracts';

const TOPIC_SYMBOL: Record<string, string> = {
  Python: 'py',
  TypeScript: 'ts',
  JavaScript: 'js',
  'C++': 'c++',
  Rust: 'rs',
  Go: 'go',
};

/** The 188×122 card image; without a cover the topic's symbol on its colour stands in. */
export function CourseThumbnail({ card }: { card: CollectionCard }) {
  if (card.cover_image_url) {
    return <img className="course-thumb" src={card.cover_image_url} width={188} height={122} alt="" />;
  }
  const topic = card.language_topic ?? (card.work_type === 'path' ? 'path' : 'other');
  return (
    <div className="course-thumb" data-topic={topic} aria-hidden="true">
      <span>{TOPIC_SYMBOL[topic] ?? (card.work_type === 'path' ? '⟶' : '{ }')}</span>
    </div>
  );
}
