/**
 * What each route answers: its response schema (zod, beside its request schemas in
 * shared/schemas/<resource>.ts), by route id. The web's typed client (`api(id, …)`) and the test
 * helper read their data types from here, and the handler wrapper checks a handler's return value
 * against the same type. Only types leave this module for the functions, so a handler bundles none
 * of it. Routes not listed yet answer `unknown` (issue 7 §3: the post-office routes first).
 */
import type * as z from 'zod';
import type { RouteId } from '../routes';
import {
  approveFileResponse,
  fileDataResponse,
  flagCountsResponse,
  getFileResponse,
  listFilesResponse,
  markNeedsAttentionResponse,
  samePeriodFilesResponse,
} from '../schemas/post-office';
import {
  assignedRepsResponse,
  brandCatalogResponse,
  brandRetailersResponse,
  brandSummaryResponse,
  getRetailerScrapingResponse,
  listPeriodsResponse,
  listRetailerScrapingsResponse,
} from '../schemas/retailer-scrapings';

export const responses = {
  listFiles: listFilesResponse,
  getFile: getFileResponse,
  samePeriodFiles: samePeriodFilesResponse,
  getFileData: fileDataResponse,
  markNeedsAttention: markNeedsAttentionResponse,
  approveFile: approveFileResponse,
  getFlagValues: flagCountsResponse,
  getBrandRetailerSummary: brandSummaryResponse,
  listRetailerScrapings: listRetailerScrapingsResponse,
  getRetailerScraping: getRetailerScrapingResponse,
  listBrandPeriods: listPeriodsResponse,
  listRetailerPeriods: listPeriodsResponse,
  getAssignedReps: assignedRepsResponse,
  getBrandRetailers: brandRetailersResponse,
  getBrandCatalog: brandCatalogResponse,
} as const satisfies { [Id in RouteId]?: z.ZodType };

type Responses = typeof responses;

/** The data a route answers with (what the client receives). */
export type ResponseOf<Id extends string> = Id extends keyof Responses ? z.output<Responses[Id]> : unknown;
/** What a route's handler may return for it (before JSON serialization). */
export type HandlerResultOf<Id extends string> = Id extends keyof Responses ? z.input<Responses[Id]> : unknown;
