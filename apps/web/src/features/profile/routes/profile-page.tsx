import { SimpleGrid, Stack, Title } from '@mantine/core';
import { NotificationPreferencesCard } from '../../../components/notifications';
import { CalendarFeedCard } from '../components/calendar-feed-card';
import { ChangePasswordCard } from '../components/change-password-card';
import { ProfileCard } from '../components/profile-card';
import { TwoFactorCard } from '../components/two-factor-card';

export function ProfilePage() {
  return (
    <Stack gap="lg">
      <Title order={1}>My Profile</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <ProfileCard />
        <ChangePasswordCard />
        <TwoFactorCard />
        <NotificationPreferencesCard />
        <CalendarFeedCard />
      </SimpleGrid>
    </Stack>
  );
}
