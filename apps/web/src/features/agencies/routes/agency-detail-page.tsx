import { Anchor, Button, Center, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { RecordMerges } from '../../../components/merges/record-merges';
import { ApiError } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/session-context';
import { toast } from '../../../lib/toast';
import { agencyScreenMessages as msg } from '../agency-screen-messages';
import { useAgency, useAgencyDuplicates } from '../api/use-agency';
import { useRefreshAgency } from '../api/use-refresh-agency';
import { AgencyInfoCard } from '../components/agency-info-card';
import { AgencyTabs } from '../components/agency-tabs';
import { EditAgencyDialog } from '../components/edit-agency-dialog';
import { SalesRepsCard } from '../components/sales-reps-card';
import { StaffCard } from '../components/staff-card';
import { agencyFromState, parseId } from '../navigation-state';

export function AgencyDetailPage() {
  const id = parseId(useParams().id);
  const passed = agencyFromState(useLocation().state, id);
  const isAdmin = useCurrentUser().role === 'admin';
  const query = useAgency(id);
  const duplicates = useAgencyDuplicates(query.data ? id : undefined);
  const [editing, setEditing] = useState(false);
  const refresh = useRefreshAgency(id ?? 0);

  const { isError, error, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError && errorUpdatedAt > 0) {
      toast.error(
        error instanceof ApiError && error.status === 404 ? msg.notFoundToast : msg.loadAgencyFailed,
      );
    }
  }, [isError, error, errorUpdatedAt]);

  const detail = query.data;
  const agency = detail ?? (query.isPending ? passed : undefined);
  const navigate = useNavigate();
  useEffect(() => {
    // A merged agency's link answers its survivor: show the survivor under its own path.
    if (detail && id !== undefined && detail.id !== id) navigate(`/agency/${detail.id}`, { replace: true });
  }, [detail, id, navigate]);

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Partner Details</Title>
        <Button component={Link} to="/agencies" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
          All Partners
        </Button>
      </Group>
      {id === undefined || (!agency && !query.isPending) ? (
        <Text c="dimmed">{msg.agencyNotFound}</Text>
      ) : !agency ? (
        <Center h={240}>
          <Loader aria-label="Loading agency" />
        </Center>
      ) : (
        <>
          {isAdmin && detail && <RecordMerges kind="agencies" recordId={agency.id} />}
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <AgencyInfoCard
                agency={agency}
                duplicates={duplicates.data}
                onEdit={detail ? () => setEditing(true) : undefined}
                duplicateAction={
                  isAdmin && detail
                    ? (other) => (
                        <Anchor
                          component={Link}
                          to={`/merge/agencies/${agency.id}/${other.id}`}
                          size="sm"
                          fw={600}
                          aria-label={`Merge with ${other.name}`}
                        >
                          Merge
                        </Anchor>
                      )
                    : undefined
                }
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <SalesRepsCard reps={detail?.assignedSalesReps} />
            </Grid.Col>
          </Grid>
          <StaffCard agencyId={agency.id} isAdmin={isAdmin} />
          <AgencyTabs agencyId={agency.id} />
          {editing && detail && (
            <EditAgencyDialog agency={detail} onClose={() => setEditing(false)} onSaved={refresh} />
          )}
        </>
      )}
    </Stack>
  );
}
