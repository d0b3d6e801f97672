import type { WriteScope } from '../records/write-scope.js';
import { refreshCreatorKey } from './agencies.repository.js';

/** A user's new name reaches the Created By key of the agencies they created ('user.renamed'). */
export async function followUserRename(w: WriteScope, { userId, name }: { userId: number; name: string }) {
  await refreshCreatorKey(w.db, userId, name);
}
