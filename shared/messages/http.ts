/** Literal texts of any call: the wrapper's, the client's and the edge's answers (000 §8). */
export const HTTP_MSG = {
  genericError: 'Something went wrong, please try again!',
  blankResponse: 'Oops, blank response!',
  sessionExpired: 'Error: Session expired, please login again!',
  unauthorized: 'Please login to continue.',
  forbidden: 'You do not have access to this resource.',
  notFound: 'Not found.',
  tooManyRequests: 'Too many requests. Try again in a few minutes.',
  bodyTooLarge: 'The request body is too large (at most 256 KB).',
  invalidJson: 'Invalid JSON body.',
  malformedUrl: 'The address is malformed (bad %-encoding).',
  reservedJsonKey: 'Keys named __proto__, constructor or prototype are not allowed.',
} as const;
