import { agencyMessages } from '@crm/domain';
import type { ActiveAction } from './api/agency-types';

const verbed = (action: ActiveAction) => (action === 'activate' ? 'Activated' : 'Deactivated');

/** The partner screens' texts, worded as 002 §2 and §8 give them. */
export const agencyScreenMessages = {
  listTitle: 'All Partners',
  loadAgenciesFailed: 'Failed to load agencies',
  noAgencies: 'No Agencies Found',
  noAgenciesHint: 'Try searching or add a new agency.',
  loadParentsFailed: 'Failed to load parent agency list',
  loadRepsFailed: 'Failed to load sales rep list',
  fetchRepsFailed: 'Failed to fetch sales reps',
  loadAgencyListFailed: 'Failed to load agency list',
  loadAgencyFailed: 'Failed to load agency',
  agencyNotFound: 'Agency not found.',
  notFoundToast: agencyMessages.agencyNotFound,
  saveFailed: 'Failed to save agency',
  created: 'Agency created successfully!',
  updated: 'Agency updated!',
  updateFailed: 'Update failed',
  noChanges: 'No changes detected',
  nothingToUpdate: agencyMessages.nothingToUpdate,
  toggled: (action: ActiveAction) => `Agency ${action}d`,
  toggleFailed: (action: ActiveAction) => `Failed to ${action} agency`,
  confirmToggle: (action: ActiveAction) => `Are you sure you want to ${action} this agency?`,
  bulkTitle: (action: ActiveAction) =>
    action === 'activate' ? 'Confirm Activation' : 'Confirm Deactivation',
  bulkConfirm: (action: ActiveAction, count: number) =>
    `Are you sure you want to ${action} ${count} agencies?`,
  bulkDone: (action: ActiveAction, count: number) => `${verbed(action)} ${count} agencies successfully`,
  bulkFailed: (action: ActiveAction) => `Bulk ${action} failed`,
  noSalesReps: 'No Sales Reps Found',
  noStaff: 'No Staff Found',
  staffAdded: 'Staff added successfully!',
  staffAddFailed: (error: string) => `Failed to add staff: ${error}`,
  staffAddNetwork: 'Network error: failed to add staff',
  unknownError: 'Unknown error',
  staffToggled: 'Staff status updated!',
  staffToggleFailed: 'Failed to update status',
  staffBulkDone: (action: ActiveAction, count: number) => `${verbed(action)} ${count} staff successfully`,
  staffBulkFailed: (action: ActiveAction) => `Bulk staff ${action} failed`,
  fetchStaffFailed: 'Failed to fetch staff',
  fetchContactsFailed: 'Failed to fetch contacts',
  noCustomers: 'No Customers Found',
  loadCustomersFailed: 'Failed to load customers',
} as const;
