import { useId } from 'react';

const TYPES = [
  ['all', 'All'],
  ['courses', 'Courses'],
  ['paths', 'Paths'],
  ['cloudLabs', 'Cloud labs'],
  ['assessments', 'Assessments'],
  ['projects', 'Projects'],
] as const;
const TOPICS = ['TypeScript', 'C++', 'Rust', 'JavaScript', 'Go', 'Python'] as const;
const DURATIONS = [
  ['short', 'Under 1 hour'],
  ['medium', '1 to 3 hours'],
  ['long', 'Over 3 hours'],
] as const;
const LEVELS = [
  ['beginner', 'Beginner'],
  ['intermediate', 'Intermediate'],
  ['advanced', 'Advanced'],
] as const;

interface ExploreFiltersProps {
  params: URLSearchParams;
  onChange: (changes: Record<string, string | null>) => void;
}

function Group({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: ReadonlyArray<readonly [string, string]>;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <fieldset className="filter-group">
      <legend>{legend}</legend>
      {options.map(([optionValue, label]) => (
        <label key={optionValue} className="filter-option" htmlFor={`${id}-${optionValue}`}>
          <input
            id={`${id}-${optionValue}`}
            type="radio"
            name={name}
            value={optionValue}
            checked={value === optionValue}
            onChange={() => onChange(optionValue)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/** Content type, language topic, difficulty and length; each change starts again at page 1. */
export function ExploreFilters({ params, onChange }: ExploreFiltersProps) {
  return (
    <aside className="explore-filters card" aria-label="Filters">
      <Group
        legend="Content type"
        name="type"
        options={TYPES}
        value={params.get('type') ?? 'all'}
        onChange={(value) => onChange({ type: value === 'all' ? null : value })}
      />
      <Group
        legend="Language"
        name="topic"
        options={[['', 'Any'], ...TOPICS.map((topic) => [topic, topic] as const)]}
        value={params.get('topic') ?? ''}
        onChange={(value) => onChange({ topic: value || null })}
      />
      <Group
        legend="Difficulty"
        name="difficulty"
        options={[['', 'Any'], ...LEVELS]}
        value={params.get('difficulty') ?? ''}
        onChange={(value) => onChange({ difficulty: value || null })}
      />
      <Group
        legend="Length"
        name="duration"
        options={[['', 'Any'], ...DURATIONS]}
        value={params.get('duration') ?? ''}
        onChange={(value) => onChange({ duration: value || null })}
      />
    </aside>
  );
}
