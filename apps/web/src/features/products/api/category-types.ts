/** A subcategory: the second and last level of the tree. */
export interface Subcategory {
  id: number;
  name: string;
  parentId: number | null;
  isActive: boolean;
  /** Sent back with an edit, so that a change made meanwhile by someone else is not overwritten. */
  version: number;
}

/** A top-level group (City, Unit Type, …) with its subcategories. */
export interface CategoryGroup extends Subcategory {
  children: Subcategory[];
}
