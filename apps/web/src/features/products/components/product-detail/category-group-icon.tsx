import {
  IconBuildingSkyscraper,
  IconCategory,
  IconEye,
  IconHome,
  IconMapPin,
  IconSofa,
  IconTrees,
} from '@tabler/icons-react';

const ICONS: Record<string, typeof IconCategory> = {
  City: IconMapPin,
  'Unit Type': IconHome,
  'Property Type': IconBuildingSkyscraper,
  View: IconEye,
  'Interior Features': IconSofa,
  'Exterior Features': IconTrees,
};

/** The icon of a top-level category group; groups added later get a generic one. */
export function CategoryGroupIcon({ group }: { group: string }) {
  const Icon = ICONS[group] ?? IconCategory;
  return <Icon size={18} stroke={1.6} aria-hidden="true" />;
}
