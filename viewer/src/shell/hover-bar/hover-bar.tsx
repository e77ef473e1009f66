// The hover info bar: address, parcel number and owner of the parcel under the pointer.
import { useAtomValue } from 'jotai';
import { hoveredParcelAtom } from '../../state/selection.ts';

export function HoverBar() {
  const hovered = useAtomValue(hoveredParcelAtom);
  if (!hovered) return null;
  const parts = [hovered.address, hovered.parcelnumb && `Parcel ${hovered.parcelnumb}`, hovered.owner].filter(Boolean);
  return (
    <div className="hover-bar" data-testid="hover-bar">
      {parts.join(' · ') || hovered.path}
    </div>
  );
}
