import { describePlanReview } from '../shared/review-assertions.js';
import { describePlanEditing } from '../shared/edit-assertions.js';

// AI SDK 7: `toolApproval: { todo_write: todoReview(policy) }`, and the deprecated tool-level `needsApproval`.
describePlanReview(7, ['toolApproval', 'needsApproval']);
describePlanEditing(7, ['toolApproval', 'needsApproval']);
