import { IconEye, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { RowMenu, type RowMenuItem } from '../../../components/data-table';
import type { Agency } from '../api/agency-types';

interface AgencyRowMenuProps {
  agency: Agency;
  /** Present for admins only: activate or deactivate after a confirm modal. */
  onToggleActive?: (agency: Agency) => void;
}

/** View for everyone (the agency travels in navigation state); Activate or Deactivate for admins. */
export function AgencyRowMenu({ agency, onToggleActive }: AgencyRowMenuProps) {
  const items: RowMenuItem[] = [
    { label: 'View', icon: <IconEye size={16} />, to: `/agency/${agency.id}`, state: { agency } },
  ];
  if (onToggleActive)
    items.push({
      label: agency.isActive ? 'Deactivate' : 'Activate',
      color: agency.isActive ? 'red' : 'teal',
      icon: agency.isActive ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />,
      onClick: () => onToggleActive(agency),
    });
  return <RowMenu label={`Actions for ${agency.name}`} items={items} />;
}
