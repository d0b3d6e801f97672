import { Anchor, Button, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { saveDownload } from '../../../components/import-export/download-export';
import { ApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { formatDealMoney } from '../api/format-deal-money';
import { fetchCommissionCsv, useDealReport } from './report-api';
import { ReportCard, ReportState } from './report-card';
import { monthLabel } from './report-format';
import { wonDealsOfPartner } from './report-links';
import { useTerminalStages } from './use-terminal-stages';

const TITLE = 'Commission owed';

/** The CSV the server writes for payment, saved under the name it gives. */
function ExportButton() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await saveDownload(await fetchCommissionCsv(), 'commission.csv');
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'The export could not be downloaded');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={14} />}
      loading={busy}
      onClick={() => void download()}
    >
      Export CSV
    </Button>
  );
}

export function CommissionReport() {
  const { data, isError } = useDealReport('commission');
  const { won } = useTerminalStages();
  return (
    <ReportCard
      title={TITLE}
      caption="Per partner and month of the last 12: the amount won on the deals it referred × its Commission Rate; the 20 partners owed the most"
      action={<ExportButton />}
    >
      {!data ? (
        <ReportState isError={isError} label={TITLE} />
      ) : data.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No referred deal has been won in the period.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover aria-label={TITLE}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Partner</Table.Th>
                <Table.Th>Month</Table.Th>
                <Table.Th ta="right">Amount won</Table.Th>
                <Table.Th ta="right">Rate</Table.Th>
                <Table.Th ta="right">Commission</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.map((row) => (
                <Table.Tr key={`${row.agencyId}-${row.month}`}>
                  <Table.Td>
                    {won === undefined ? (
                      row.name
                    ) : (
                      <Anchor component={Link} to={wonDealsOfPartner(won, row.agencyId)} size="sm">
                        {row.name}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td>{monthLabel(row.month)}</Table.Td>
                  <Table.Td ta="right">{formatDealMoney(row.amountWon, data.currency)}</Table.Td>
                  <Table.Td ta="right">{row.commissionRate.toLocaleString('en-GB')} %</Table.Td>
                  <Table.Td ta="right">{formatDealMoney(row.commission, data.currency)}</Table.Td>
                </Table.Tr>
              ))}
              {data.otherPartners && (
                <Table.Tr>
                  <Table.Td colSpan={2}>
                    {data.otherPartners.partners.toLocaleString('en-GB')} other partners (every row in the
                    CSV)
                  </Table.Td>
                  <Table.Td ta="right">
                    {formatDealMoney(data.otherPartners.amountWon, data.currency)}
                  </Table.Td>
                  <Table.Td />
                  <Table.Td ta="right">
                    {formatDealMoney(data.otherPartners.commission, data.currency)}
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={4}>Total</Table.Th>
                <Table.Th ta="right" data-testid="commission-total">
                  {formatDealMoney(data.total, data.currency)}
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </ReportCard>
  );
}
