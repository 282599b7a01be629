/** The postal checker's messages, apart from its schemas so the public pages' strings need no zod. */
export const POSTAL_CODE_INVALID_MESSAGE = 'Please enter a valid postal code (e.g., A1A 1A1)';
export const POSTAL_LOOKUP_FAILED_MESSAGE = 'Invalid postal code or service unavailable';
