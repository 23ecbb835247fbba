import { describePlanReview } from '../shared/review-assertions.js';
import { describePlanEditing } from '../shared/edit-assertions.js';

// AI SDK 6 asks through the tool's own `needsApproval` (it has no `toolApproval` option).
describePlanReview(6, ['needsApproval']);
describePlanEditing(6, ['needsApproval']);
