/** A client id of one submission: a retry after a lost answer carries the same one (stored and sent once). */
export const newRequestId = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
