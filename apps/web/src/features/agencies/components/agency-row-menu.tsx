import { Menu } from '@mantine/core';
import { IconEye, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RowMenu } from '../../../components/data-table';
import type { Agency } from '../api/agency-types';

interface AgencyRowMenuProps {
  agency: Agency;
  /** Present for admins only: activate or deactivate after a confirm modal. */
  onToggleActive?: (agency: Agency) => void;
}

/** View for everyone (the agency travels in navigation state); Activate or Deactivate for admins. */
export function AgencyRowMenu({ agency, onToggleActive }: AgencyRowMenuProps) {
  return (
    <RowMenu label={`Actions for ${agency.name}`}>
      <Menu.Item
        component={Link}
        to={`/agency/${agency.id}`}
        state={{ agency }}
        leftSection={<IconEye size={16} />}
      >
        View
      </Menu.Item>
      {onToggleActive && (
        <Menu.Item
          color={agency.isActive ? 'red' : 'teal'}
          leftSection={agency.isActive ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
          onClick={() => onToggleActive(agency)}
        >
          {agency.isActive ? 'Deactivate' : 'Activate'}
        </Menu.Item>
      )}
    </RowMenu>
  );
}
