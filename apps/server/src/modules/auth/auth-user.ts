/** The signed-in member as routes see it (c.var.user). */
export type AuthUser = { id: string; email: string; name: string };
