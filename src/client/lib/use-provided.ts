import { type Context, useContext } from 'react';

/**
 * The value of a context that only its provider gives: a component used outside the provider is
 * a mistake of the code, said at once rather than met later as a null.
 */
export function useProvided<T>(context: Context<T | null>, missing: string): T {
  const value = useContext(context);
  if (!value) throw new Error(missing);
  return value;
}
