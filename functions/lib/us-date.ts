/** A date as the app writes it (000 §9): '2026-11-16' or an ISO time → '11/16/2026'. For emails and log texts written by the functions. */
export const usDate = (isoDate: string): string => `${isoDate.slice(5, 7)}/${isoDate.slice(8, 10)}/${isoDate.slice(0, 4)}`;
