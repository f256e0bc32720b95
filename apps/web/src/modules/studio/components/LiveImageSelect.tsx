import { TERMINAL_IMAGES } from '@coderoom/domain';
import { useId } from 'react';

type LiveImage = { readonly name: string; readonly label: string };

/** The live-instance profiles a Terminal widget (or, with `images`, a VNC widget) can start. */
export function LiveImageSelect({
  value,
  onChange,
  images = TERMINAL_IMAGES,
}: {
  value: string;
  onChange: (image: string) => void;
  images?: readonly LiveImage[];
}) {
  const id = useId();
  const known = images.some((image) => image.name === value);
  return (
    <div className="field studio-language">
      <label htmlFor={id}>Sandbox image</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {images.map((image) => (
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
