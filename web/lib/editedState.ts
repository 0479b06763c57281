import type { EditOutcomeName } from '../../common/schemas/ownership';

/**
 * What the edit page hands the event page in the navigation's state when it sends someone back: what
 * their edit did (updated, resubmitted, proposed), which the event page then says.
 */
export interface EditedState {
  edited?: EditOutcomeName;
}
