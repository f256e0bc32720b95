import { type LanguageId, LanguageIdSchema } from '@coderoom/contracts';
import { useId } from 'react';

/** The runner's languages. */
export function LanguageSelect({
  label = 'Language',
  value,
  onChange,
}: {
  label?: string;
  value: LanguageId;
  onChange: (language: LanguageId) => void;
}) {
  const id = useId();
  return (
    <div className="field studio-language">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as LanguageId)}>
        {LanguageIdSchema.options.map((language) => (
          <option key={language} value={language}>
            {language}
          </option>
        ))}
      </select>
    </div>
  );
}
