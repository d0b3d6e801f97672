import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database.js';
import type { Scenario } from './scenario-types.js';

/**
 * Values the equals filters look for, read from the seeded data rather than written into the
 * scenarios: the generators' output changes with their sizes and lists, and a hard-coded e-mail
 * that is no longer seeded would time an empty answer. Each is taken from a lead in the middle of
 * the table, so that neither end of an index is favoured; the deals' board column is the longest.
 */
export type Samples = Record<'leadEmail' | 'leadPhone' | 'dealStage', string>;

export async function readSamples(db: Db): Promise<Samples> {
  const middle = await sql<{ email: string; phone: string }>`
    SELECT email, phone FROM contacts
    WHERE type = 'LEAD' AND is_active = 1 AND email <> '' AND phone <> ''
    ORDER BY id LIMIT 1 OFFSET (SELECT COUNT(*) / 2 FROM contacts WHERE type = 'LEAD')`.execute(db);
  const lead = middle.rows[0];
  if (!lead) throw new Error('The seeded data holds no active lead with an e-mail and a phone');
  // The open stage holding the most active deals: the board's longest column.
  const stage = await sql<{ id: number }>`
    SELECT s.id FROM deal_stages s WHERE s.kind = 'open' AND s.is_active = 1
    ORDER BY (SELECT COUNT(*) FROM deals d WHERE d.stage_id = s.id AND d.is_active = 1) DESC, s.position
    LIMIT 1`.execute(db);
  return { leadEmail: lead.email, leadPhone: lead.phone, dealStage: String(stage.rows[0]?.id ?? 1) };
}

/**
 * The scenario with each `{name}` of its path (also once URL-encoded, `%7Bname%7D`) replaced by that
 * sample, encoded for a query string.
 */
export function withSamples(scenario: Scenario, samples: Samples): Scenario {
  const path = scenario.path.replace(/(?:\{|%7B)(\w+)(?:\}|%7D)/g, (whole, name: string) => {
    const value = samples[name as keyof Samples];
    if (value === undefined) throw new Error(`${scenario.name}: no sample named ${whole}`);
    return encodeURIComponent(value);
  });
  return path === scenario.path ? scenario : { ...scenario, path };
}
