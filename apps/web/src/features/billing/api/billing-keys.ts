/** The billing feature's only source of query keys, reused by its hooks and invalidation. */
export const billingKeys = {
  all: ['billing'] as const,
  summary: (scope: string) => ['billing', scope, 'summary'] as const,
  statement: (scope: string, id: string) => ['billing', scope, 'statement', id] as const,
  paymentMethods: (scope: string) => ['billing', scope, 'payment-methods'] as const,
  payments: (scope: string) => ['billing', scope, 'payments'] as const,
  autopay: (scope: string) => ['billing', scope, 'autopay'] as const,
  savings: (scope: string, id: string) => ['billing', scope, 'savings', id] as const,
  preferences: (scope: string) => ['billing', scope, 'preferences'] as const,
  /** The same for every member: which processor takes cards. */
  paymentsConfig: ['payments-config'] as const,
};
