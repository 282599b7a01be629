/** The shape every translation of a namespace must have: the English keys, any strings. */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
