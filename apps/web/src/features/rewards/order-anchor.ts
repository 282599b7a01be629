/** The in-page anchor of an order in the member's order list, which activity entries link to. */
export const orderAnchor = (orderId: string) => `order-${orderId}`;
