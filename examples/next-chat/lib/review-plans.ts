/** The cookie that keeps the person's "Review plans" choice: the server reads it, so a reload shows it at once. */
export const REVIEW_COOKIE = 'review-plans';
