// The Help modal (spec 2): "We put land on the map." with support articles, tutorial videos and contact.
import { useAtomValue, useSetAtom } from 'jotai';
import { panelAtom } from '../../state/ui.ts';
import { Modal } from '../../ui/modal.tsx';

export const helpLinks = [
  {
    label: 'Support articles',
    href: 'https://support.parcel-map.org/',
    description: 'How-to guides for the map, layers, tools and data.',
  },
  {
    label: 'Tutorial videos',
    href: 'https://support.parcel-map.org/videos',
    description: 'Short walkthroughs of common tasks.',
  },
  {
    label: 'Contact support',
    href: 'mailto:support@parcel-map.org',
    description: 'Questions about data or your account.',
  },
];

export function HelpModal() {
  const panel = useAtomValue(panelAtom);
  const setPanel = useSetAtom(panelAtom);
  if (panel !== 'help') return null;
  return (
    <Modal title="We put land on the map." testId="help-modal" onClose={() => setPanel(null)}>
      <ul className="help-links">
        {helpLinks.map((link) => (
          <li key={link.label}>
            <a href={link.href} target="_blank" rel="noreferrer">
              {link.label}
            </a>
            <p className="muted small">{link.description}</p>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
