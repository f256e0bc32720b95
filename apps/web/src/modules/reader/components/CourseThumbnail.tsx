import type { CollectionCard } from '@coderoom/contracts';
import { useId } from 'react';
import { COVER_HEIGHT, COVER_WIDTH, coverArt } from '../utils/coverArt';

type CoverSource = Pick<
  CollectionCard,
  'collection_id' | 'title' | 'language_topic' | 'work_type' | 'cover_image_url'
>;

/** The card's picture: the uploaded cover, or cover art drawn from the item (utils/coverArt.ts). */
export function CourseThumbnail({ card, className }: { card: CoverSource; className?: string }) {
  // React's ids carry characters a url(#…) reference would have to escape.
  const gradientId = `cover-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const classes = `course-thumb${className ? ` ${className}` : ''}`;
  if (card.cover_image_url) {
    return (
      <img className={classes} src={card.cover_image_url} width={COVER_WIDTH} height={COVER_HEIGHT} alt="" />
    );
  }
  const art = coverArt({
    id: card.collection_id,
    title: card.title,
    languageTopic: card.language_topic,
    workType: card.work_type,
  });
  return (
    <svg
      className={classes}
      viewBox={`0 0 ${COVER_WIDTH} ${COVER_HEIGHT}`}
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={art.from} />
          <stop offset="1" stopColor={art.to} />
        </linearGradient>
      </defs>
      <rect width={COVER_WIDTH} height={COVER_HEIGHT} fill={`url(#${gradientId})`} />
      {art.circles.map((circle) => (
        <circle
          key={`${circle.cx}-${circle.cy}-${circle.r}`}
          cx={circle.cx}
          cy={circle.cy}
          r={circle.r}
          fill="white"
          fillOpacity={circle.opacity}
        />
      ))}
      <rect x={112} y={22} width={COVER_WIDTH - 124} height={136} rx={10} fill="black" fillOpacity={0.22} />
      {[0, 1, 2].map((dot) => (
        <circle key={dot} cx={124 + dot * 10} cy={28} r={2.5} fill="white" fillOpacity={0.5} />
      ))}
      {art.bars.map((bar) => (
        <rect
          key={`${bar.x}-${bar.y}`}
          x={bar.x}
          y={bar.y + 8}
          width={bar.width}
          height={7}
          rx={3.5}
          fill={bar.colour}
        />
      ))}
      <rect x={20} y={COVER_HEIGHT - 76} width={72} height={56} rx={12} fill={art.tile} fillOpacity={0.85} />
      <text
        x={56}
        y={COVER_HEIGHT - 40}
        textAnchor="middle"
        fill="white"
        fontFamily="ui-monospace, SFMono-Regular, Menlo, Consolas, monospace"
        fontSize={art.symbol.length > 2 ? 20 : 24}
        fontWeight={700}
      >
        {art.symbol}
      </text>
    </svg>
  );
}
