/**
 * The web app's configuration, read once at module load. The API is served on the same origin
 * under `/api` (CloudFront in AWS, the local server in `npm start`); a build may point elsewhere
 * with `VITE_API_URL`.
 */
function readApiUrl(): string {
  const value = (import.meta.env.VITE_API_URL as string | undefined) ?? '/api';
  if (!/^(\/|https?:\/\/)/.test(value)) throw new Error(`VITE_API_URL must be a path or an http(s) URL, got "${value}"`);
  return value.replace(/\/+$/, '');
}

export const env = {
  apiUrl: readApiUrl(),
  appName: 'Retailer Audit',
} as const;
