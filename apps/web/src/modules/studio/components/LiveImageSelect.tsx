import { TERMINAL_IMAGES } from '@coderoom/domain';
import { useId } from 'react';

/** The live-instance profiles a Terminal or VNC widget can start. */
export function LiveImageSelect({ value, onChange }: { value: string; onChange: (image: string) => void }) {
  const id = useId();
  const known = TERMINAL_IMAGES.some((image) => image.name === value);
  return (
    <div className="field studio-language">
      <label htmlFor={id}>Sandbox image</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {TERMINAL_IMAGES.map((image) => (
          <option key={image.name} value={image.name}>
            {image.label} ({image.name})
          </option>
        ))}
        {/* An image an older editor stored stays selectable rather than silently changing. */}
        {!known && <option value={value}>{value}</option>}
      </select>
    </div>
  );
}
