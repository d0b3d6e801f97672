import { fetchAgencyOptions, type NamedOption } from '../api/deal-options-api';
import { SearchSelect } from '../components/search-select';

const searchPartners = async (text: string, signal: AbortSignal) =>
  (await fetchAgencyOptions(text, signal)).map((agency) => ({
    value: String(agency.id),
    label: agency.name,
    item: agency,
  }));

interface PartnerSelectProps {
  value: string | null;
  selected: NamedOption | null;
  onChange: (partner: NamedOption | null) => void;
  error?: string;
}

/** The partner who referred the deal; it starts as the contact's and stays as the referral. */
export function PartnerSelect({ value, selected, onChange, error }: PartnerSelectProps) {
  return (
    <SearchSelect
      label="Partner"
      description="The contact's partner unless you choose another"
      placeholder="Search partners"
      queryKey={['deal-options', 'partners']}
      search={searchPartners}
      value={value}
      selected={selected ? { value: String(selected.id), label: selected.name, item: selected } : null}
      onChange={(option) => onChange(option?.item ?? null)}
      error={error}
    />
  );
}
